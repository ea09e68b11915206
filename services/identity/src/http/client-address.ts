import type { FastifyRequest } from 'fastify';

/**
 * The client's address for sign-in throttling: the gateway puts the caller's address in
 * X-Forwarded-For (identity listens only where the gateway can reach it); without it, the peer.
 */
export function clientAddress(request: FastifyRequest): string {
  const header = request.headers['x-forwarded-for'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return first || request.ip;
}
