import { getSessionToken, useSessionStore } from '../stores/session.store';

/** Every call of the product goes through the gateway under this base (spec section 7). */
export const API_BASE_URL = '/api/v1';

/** The server's error shape: { message, code, details? }. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The server's own message, when it sent one; screens prefer it over their fallback text. */
    readonly serverMessage?: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The spec's rule for messages: the server's message when there is one, else the screen's own text. */
export function getErrorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  /** Empty, null and undefined values are left out, so optional filters can be passed as they are. */
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A public read sent without the session's token: its answer is the same for everyone, and only a
   * request without credentials may be answered from the gateway's shared cache.
   */
  anonymous?: boolean;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClientConfig {
  baseUrl: string;
  getToken: () => string | null;
  /**
   * Called on a 401 to a request that carried a token, with that token, before the ApiError is
   * thrown to the caller. A request sent without one (anonymous, or signed out) has no session to end.
   */
  onUnauthorized: (token: string) => void;
  fetch?: typeof fetch;
}

export function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== null && item !== undefined && item !== '') params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

export function toApiError(status: number, body: unknown): ApiError {
  const shape = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  // Some answers (and the spec's bill screen) carry the text under error rather than message.
  const serverMessage = nonEmptyString(shape.message) ?? nonEmptyString(shape.error);
  const code = nonEmptyString(shape.code) ?? `HTTP_${status}`;
  return new ApiError(
    status,
    code,
    serverMessage ?? `Request failed with status ${status}`,
    serverMessage,
    shape.details,
  );
}

export function createApiClient(config: ApiClientConfig) {
  // Looked up per call so tests and polyfills can replace the global, and never called unbound.
  const doFetch: typeof fetch = (input, init) => (config.fetch ?? globalThis.fetch)(input, init);

  async function send(method: HttpMethod, path: string, body: BodyInit | undefined, options: RequestOptions) {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const token = options.anonymous ? undefined : config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await doFetch(buildUrl(config.baseUrl, path, options.query), {
        method,
        headers,
        body,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Please check your connection.');
    }

    if (response.ok) return response;
    const errorBody = await readBody(response).catch(() => undefined);
    if (response.status === 401 && token) config.onUnauthorized(token);
    throw toApiError(response.status, errorBody);
  }

  async function request<T>(method: HttpMethod, path: string, data?: unknown, options: RequestOptions = {}) {
    const hasBody = data !== undefined;
    const response = await send(method, path, hasBody ? JSON.stringify(data) : undefined, {
      ...options,
      headers: hasBody ? { 'Content-Type': 'application/json', ...options.headers } : options.headers,
    });
    return (await readBody(response)) as T;
  }

  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, data?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, data, options),
    put: <T>(path: string, data?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, data, options),
    patch: <T>(path: string, data?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, data, options),
    del: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),

    /** Multipart POST (the browser sets the boundary), e.g. upload('/upload', formWith('file', image)). */
    upload: async <T>(path: string, form: FormData, options: RequestOptions = {}) =>
      (await readBody(await send('POST', path, form, options))) as T,

    /** A stream of server-sent events, still unread (lib/event-stream.ts reads it). */
    stream: (path: string, options: RequestOptions = {}) =>
      send('GET', path, undefined, {
        ...options,
        headers: { Accept: 'text/event-stream', ...options.headers },
      }),

    /** A binary answer such as the bill PDF (GET /bills/{id}/download). */
    download: async (path: string, options: RequestOptions = {}) =>
      (
        await send('GET', path, undefined, { ...options, headers: { Accept: '*/*', ...options.headers } })
      ).blob(),
  };
}

let unauthorizedNavigation: () => void = () => {};

/** The app registers how to reach /login; the client itself knows nothing of the router. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedNavigation = handler;
}

const apiConfig: ApiClientConfig = {
  baseUrl: API_BASE_URL,
  getToken: getSessionToken,
  onUnauthorized: (token) => {
    // A late answer to the session just signed out of (or replaced by a new sign-in) says nothing
    // about the session now: it must not sign the new one out or drag the page to /login.
    if (getSessionToken() !== token) return;
    useSessionStore.getState().signOut();
    unauthorizedNavigation();
  },
};

/**
 * The server render (entry-server.tsx) has no page origin: the gateway hands it a fetch that reaches
 * the catalogue's public reads directly. The browser keeps the global fetch.
 */
export function setApiFetch(fetchImpl: typeof fetch): void {
  apiConfig.fetch = fetchImpl;
}

const api = createApiClient(apiConfig);

export const { request, get, post, put, patch, del, upload, download, stream } = api;

/** A FormData with one file under the given field (the upload endpoint expects "file"). */
export function formWith(field: string, file: Blob, fileName?: string): FormData {
  const form = new FormData();
  if (fileName === undefined) form.append(field, file);
  else form.append(field, file, fileName);
  return form;
}
