import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bodyLimitFor, declaresOversizeBody } from '../body-limit.js';

const TOO_LARGE = { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' } as const;
/** How long, and how much, of a refused body is drained after its 413 before the connection is cut. */
const LINGER_MS = 2_000;
export const LINGER_BYTES = 16 * 1024 * 1024;

/** A body sent in chunks declares no length: it can only be measured as it arrives. */
const isChunkedApiBody = (request: FastifyRequest) =>
  request.headers['content-length'] === undefined &&
  request.headers['transfer-encoding'] !== undefined &&
  bodyLimitFor(request.url) !== undefined;

/**
 * Reads a chunked body up to `limit` bytes: the whole body, or undefined as soon as it passes the
 * limit. Nothing past the limit is kept, but the request is left flowing: destroying it would stop
 * the socket being read, and the unread bytes would turn the close after the 413 into a reset.
 */
function readUpTo(raw: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
      raw.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => onError(new Error('the request closed before its body ended'));
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onError);
    raw.once('close', onClose);
  });
}

/**
 * After the 413 for a body still arriving, the connection closes the way RFC 9112 (9.6) asks: the
 * answer, then a half-close, and the rest of the body read and dropped until the client stops sending
 * (at most LINGER_MS and LINGER_BYTES). Node would close the socket as soon as the answer is flushed;
 * the bytes still arriving then make the kernel send a reset, and a reset reaching a proxy (HAProxy,
 * the Ingress) while it still forwards the body makes it drop the 413 it was about to pass on: the
 * client saw a broken connection instead of the answer.
 */
function closeLingering(raw: IncomingMessage): void {
  const socket = raw.socket as Socket & { destroySoon?: () => void };
  const cut = () => socket.destroy();
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > LINGER_BYTES) cut();
  });
  raw.on('error', () => undefined); // a client that gives up mid-body is what the drain waits for
  raw.resume();
  // Node's http server calls this once a `Connection: close` answer is written.
  socket.destroySoon = () => {
    socket.end(); // HTTP sockets are half-open: reading goes on after the FIN
    const timer = setTimeout(cut, LINGER_MS).unref();
    socket.once('end', cut);
    socket.once('close', () => clearTimeout(timer));
  };
}

/**
 * A body larger than the service accepts is refused here, before any of it is proxied: at once when
 * its Content-Length says so, and, for a chunked body (no Content-Length), as soon as the
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
      const body = await readUpTo(request.raw, bodyLimitFor(request.url)!);
      if (!body) {
        closeLingering(request.raw);
        return reply.code(413).header('connection', 'close').send(TOO_LARGE);
      }
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
