import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Span } from '@opentelemetry/api';

/**
 * What travels with one unit of work (an HTTP request or a consumed event): the request id and the
 * W3C trace context, so logs, outgoing calls and published events can be followed end to end.
 */
export interface RequestContext {
  requestId: string;
  /** With tracing on, the traceparent of `span`; otherwise the one the request or event came with. */
  traceparent: string;
  /** The server or consumer span of this unit of work, when tracing is on. */
  span?: Span;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Random hex for trace and span ids, drawn from a pool filled 4 KiB at a time: a randomBytes call is a
 * system call, and two of them per request are a visible share of the gateway's CPU on a cached read.
 * The ids stay cryptographically random; only the refills are fewer.
 */
const POOL_BYTES = 4096;
let pool = randomBytes(POOL_BYTES);
let used = 0;
function randomHex(bytes: number): string {
  if (used + bytes > POOL_BYTES) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const hex = pool.toString('hex', used, used + bytes);
  used += bytes;
  return hex;
}

export function newTraceparent(): string {
  return `00-${randomHex(16)}-${randomHex(8)}-01`;
}

/** A child span id under the same trace, as a service does for each hop it makes. */
export function childTraceparent(parent: string | undefined): string {
  const match = parent && /^00-([0-9a-f]{32})-[0-9a-f]{16}-([0-9a-f]{2})$/.exec(parent);
  if (!match) return newTraceparent();
  return `00-${match[1]}-${randomHex(8)}-${match[2]}`;
}

export function runWithContext<T>(context: Partial<RequestContext>, work: () => T): T {
  return storage.run(
    {
      requestId: context.requestId ?? randomUUID(),
      traceparent: context.traceparent ?? newTraceparent(),
      ...(context.span ? { span: context.span } : {}),
    },
    work,
  );
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function enterContext(context: RequestContext): void {
  storage.enterWith(context);
}

/**
 * Headers to put on an outgoing HTTP call so the next service joins the same request and trace. With
 * tracing on, the callee's span becomes a child of the current (recorded) span; off, of a fresh id.
 */
export function propagationHeaders(): Record<string, string> {
  const context = currentContext();
  if (!context) return {};
  return {
    'x-request-id': context.requestId,
    traceparent: context.span ? context.traceparent : childTraceparent(context.traceparent),
  };
}
