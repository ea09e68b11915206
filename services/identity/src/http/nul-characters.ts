import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { invalidField } from '../use-cases/validation.js';

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.values(value).some(containsNul);
  return false;
}

/**
 * Postgres text cannot hold the NUL character, so a value carrying one would fail deep in a query
 * as a server error; it is refused here as the bad input it is.
 */
export function refuseNulCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  for (const [part, value] of [
    ['body', request.body],
    ['query', request.query],
    ['params', request.params],
  ] as const) {
    if (containsNul(value)) throw invalidField(part, 'Text must not contain NUL characters.');
  }
  done();
}
