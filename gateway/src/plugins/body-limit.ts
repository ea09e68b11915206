import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bodyLimitFor, declaresOversizeBody } from '../body-limit.js';

const TOO_LARGE = { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' } as const;

/** A body sent in chunks declares no length: it can only be measured as it arrives. */
const isChunkedApiBody = (request: FastifyRequest) =>
  request.headers['content-length'] === undefined &&
  request.headers['transfer-encoding'] !== undefined &&
  bodyLimitFor(request.url) !== undefined;

/**
 * Reads a chunked body up to `limit` bytes: the whole body, or undefined as soon as it passes the
 * limit (the rest is never read; the connection closes after the answer).
 */
async function readUpTo(request: FastifyRequest, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * A body larger than the service accepts is refused here, before any of it is proxied: at once when
 * its Content-Length says so, and, for a chunked body (no Content-Length, issue #14), as soon as the
 * bytes received pass the limit. A chunked body within the limit is held (at most the limit, as the
 * service would) and proxied whole.
 */
export const bodyLimit = fp(
  (app: FastifyInstance) => {
    const heldBodies = new WeakMap<FastifyRequest, Buffer>();
    app.addHook('onRequest', async (request, reply) => {
      if (declaresOversizeBody(request.url, request.headers['content-length']))
        return reply.code(413).send(TOO_LARGE);
      if (!isChunkedApiBody(request)) return;
      const body = await readUpTo(request, bodyLimitFor(request.url)!);
      if (!body) return reply.code(413).header('connection', 'close').send(TOO_LARGE);
      heldBodies.set(request, body);
    });
    app.addHook('preParsing', async (request, _reply, payload) => {
      const body = heldBodies.get(request);
      if (!body) return payload;
      heldBodies.delete(request);
      return Readable.from([body]);
    });
  },
  { name: 'gateway-body-limit', fastify: '5.x' },
);
