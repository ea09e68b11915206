import type { Tracer } from '@opentelemetry/api';
import type { ZodType } from 'zod';
import { internalFetch, type ServiceAuth } from '../auth/service-auth.js';
import { startOutgoingCall } from '../tracing.js';

/** The schemas callers decode answers with (one zod for every service, through the kit). */
export { z } from 'zod';

/**
 * The one way a service calls another's `/internal/*` routes: each attempt signed afresh for the callee
 * (kit `internalFetch`), under a timeout, in a client span that the callee's server span joins
 * (`startOutgoingCall`, the request id and traceparent of the work under way); the answer decoded with
 * a zod schema; every failure one `InternalCallError`, either `unavailable` (no answer in time, a 5xx,
 * an answer that is not what the schema says) or `refused` (a 4xx, with the callee's `{message, code,
 * details}`).
 *
 * Only calls that are safe to repeat are retried after an `unavailable` attempt: a GET, or a POST that
 * names an `idempotencyKey` (sent as `Idempotency-Key`), which a caller passes only when the callee
 * answers a repeat of that key with the first outcome. A POST without a key is tried once.
 */
export interface InternalClientOptions {
  /** The service called: the credential's audience and the span's name. */
  callee: string;
  baseUrl: string;
  /** This service's signer; without one the call goes unsigned (and the callee answers 401). */
  auth?: ServiceAuth;
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts after the first, for repeatable calls. Default 2. */
  retries?: number;
  /** Wait before the first retry, doubled before each next one. Default 100 ms. */
  retryDelayMs?: number;
  /** Defaults to the process's active tracer (none: no spans, the plain propagation headers). */
  tracer?: Tracer;
}

export interface InternalRequest {
  method: 'GET' | 'POST';
  /** Below the base URL, e.g. `/internal/stats`. */
  path: string;
  query?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Marks a POST repeatable: sent as `Idempotency-Key`; the callee must answer a repeat the same. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** Overrides the client's per-attempt timeout. */
  timeoutMs?: number;
  /** Overrides the client's retries for this call (still only for repeatable calls). */
  retries?: number;
}

/** What an internal call ended with when it did not give the answer asked for. */
export class InternalCallError extends Error {
  override name = 'InternalCallError';
  constructor(
    message: string,
    /** `unavailable`: no usable answer (worth trying later); `refused`: the callee answered 4xx. */
    readonly kind: 'unavailable' | 'refused',
    readonly call: { callee: string; method: string; path: string; attempts: number },
    /** The callee's answer, when there was one. */
    readonly answer?: { status: number; code?: string; message?: string; details?: unknown },
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get status(): number | undefined {
    return this.answer?.status;
  }

  get code(): string | undefined {
    return this.answer?.code;
  }
}

export interface InternalClient {
  readonly callee: string;
  /** Any call, its JSON answer decoded with `schema`. */
  json<T>(request: InternalRequest, schema: ZodType<T>): Promise<T>;
  /** Any call, its answer's bytes (a PDF). */
  bytes(request: InternalRequest): Promise<Buffer>;
  get<T>(path: string, schema: ZodType<T>, options?: Omit<InternalRequest, 'method' | 'path'>): Promise<T>;
  post<T>(
    path: string,
    body: unknown,
    schema: ZodType<T>,
    options?: Omit<InternalRequest, 'method' | 'path' | 'body'>,
  ): Promise<T>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return cause ? `${error.message} (${cause})` : error.message;
  }
  return String(error);
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function createInternalClient(options: InternalClientOptions): InternalClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base);
  const port = Number(origin.port || (origin.protocol === 'https:' ? 443 : 80));

  /** One attempt: the response, or an `unavailable` error when none came in time. */
  async function attempt(request: InternalRequest, url: string, attempts: number): Promise<Response> {
    const call = startOutgoingCall(
      `${request.method} ${options.callee}`,
      () => ({
        'http.request.method': request.method,
        'server.address': origin.hostname,
        'server.port': port,
        'url.full': url,
        'spa.upstream.service': options.callee,
        ...(attempts > 1 ? { 'http.request.resend_count': attempts - 1 } : {}),
      }),
      options.tracer,
    );
    try {
      const response = await internalFetch(options.auth, options.callee, url, {
        method: request.method,
        headers: {
          ...call.headers,
          ...request.headers,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs),
      });
      call.end({ statusCode: response.status });
      return response;
    } catch (error) {
      call.end({ error });
      throw new InternalCallError(
        `${request.method} ${options.callee} ${request.path} failed: ${describe(error)}`,
        'unavailable',
        { callee: options.callee, method: request.method, path: request.path, attempts },
        undefined,
        { cause: error },
      );
    }
  }

  /** Attempts until an answer below 500 arrives (or the retries run out); then reads it with `read`. */
  async function send<T>(request: InternalRequest, read: (response: Response) => Promise<T>): Promise<T> {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    const url = `${base}${request.path}${query}`;
    const repeatable = request.method === 'GET' || Boolean(request.idempotencyKey);
    const retries = repeatable ? (request.retries ?? options.retries ?? 2) : 0;
    const callOf = (attempts: number) => ({
      callee: options.callee,
      method: request.method,
      path: request.path,
      attempts,
    });
    let last: InternalCallError | undefined;
    for (let attempts = 1; attempts <= retries + 1; attempts += 1) {
      if (attempts > 1) await sleep((options.retryDelayMs ?? 100) * 2 ** (attempts - 2));
      let response: Response;
      try {
        response = await attempt(request, url, attempts);
      } catch (error) {
        last = error as InternalCallError;
        continue;
      }
      if (response.status >= 500) {
        const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
        last = new InternalCallError(
          `${request.method} ${options.callee} ${request.path} answered ${response.status}`,
          'unavailable',
          callOf(attempts),
          { status: response.status, code: text(body?.code), message: text(body?.message) },
        );
        continue;
      }
      if (response.status >= 400) {
        const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
        throw new InternalCallError(
          `${options.callee} refused ${request.method} ${request.path}: ${response.status} ${text(body?.code) ?? ''}`.trim(),
          'refused',
          callOf(attempts),
          {
            status: response.status,
            code: text(body?.code),
            message: text(body?.message),
            details: body?.details,
          },
        );
      }
      try {
        return await read(response);
      } catch (error) {
        // An answer that is not what was agreed: a contract broken, not a moment's trouble; not retried.
        throw new InternalCallError(
          `${options.callee} answered ${request.method} ${request.path} with something unexpected: ${describe(error)}`,
          'unavailable',
          callOf(attempts),
          { status: response.status },
          { cause: error },
        );
      }
    }
    throw new InternalCallError(last!.message, 'unavailable', callOf(retries + 1), last!.answer, {
      cause: last!.cause ?? last,
    });
  }

  const client: InternalClient = {
    callee: options.callee,
    json: (request, schema) => send(request, async (response) => schema.parse(await response.json())),
    bytes: (request) => send(request, async (response) => Buffer.from(await response.arrayBuffer())),
    get: (path, schema, rest = {}) => client.json({ ...rest, method: 'GET', path }, schema),
    post: (path, body, schema, rest = {}) => client.json({ ...rest, method: 'POST', path, body }, schema),
  };
  return client;
}
