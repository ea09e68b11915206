import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { connectRedis, createLogger, createTokenVerifier, revocationCheck } from '@spa/kit';
import { testInfra, testJwks } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';
import { LINGER_BYTES } from '../src/plugins/body-limit.js';

// Regression (security run): a 2 MiB JSON body to a service that refuses it early reset the proxied
// connection, answering 502 or never answering. The gateway now refuses it before proxying.
const redis = connectRedis(testInfra.redisUrl);
let gateway: FastifyInstance;
let upstream: Server;
let upstreamRequests = 0;
let lastUpstreamBody = Buffer.alloc(0);

beforeAll(async () => {
  upstream = createServer((request, response) => {
    upstreamRequests++;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      lastUpstreamBody = Buffer.concat(chunks);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  const config = loadGatewayConfig({
    REDIS_URL: testInfra.redisUrl,
    ENABLED_SERVICES: 'commerce',
    COMMERCE_URL: `http://127.0.0.1:${port}`,
    WEB_DIST: '/nonexistent',
  });
  const verifier = createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(redis) });
  gateway = await buildGateway({ config, logger: createLogger('gateway-test', 'silent'), redis, verifier });
});

afterAll(async () => {
  await gateway?.close();
  await new Promise((resolve) => upstream?.close(resolve));
  redis.disconnect();
});

const post = (payload: string) =>
  gateway.inject({
    method: 'POST',
    url: '/api/v1/cart',
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    headers: { 'content-type': 'application/json' },
    payload,
  });

describe('request bodies at the gateway', () => {
  it('answers a body over the API limit with 413 in the error shape without proxying it', async () => {
    const before = upstreamRequests;
    const response = await post(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    expect(upstreamRequests).toBe(before);
  });

  it('proxies a body within the limit', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(1000) }));
    expect(response.statusCode).toBe(200);
  });
});

/**
 * Sends a body in chunks, with no Content-Length (Transfer-Encoding: chunked), over a real connection,
 * the way a client streaming an upload does; resolves with the answer, or how the connection ended.
 */
async function postChunked(chunks: number, chunkSize: number) {
  if (!gateway.server.listening) await gateway.listen({ port: 0, host: '127.0.0.1' });
  const port = (gateway.server.address() as AddressInfo).port;
  return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/cart',
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (body += part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    call.on('error', (error) => resolve({ error: error.message }));
    const chunk = Buffer.alloc(chunkSize, 'x');
    let sent = 0;
    const sendMore = () => {
      while (sent < chunks) {
        sent++;
        if (!call.write(chunk)) return call.once('drain', sendMore);
      }
      call.end();
    };
    sendMore();
  });
}

describe('chunked request bodies (no Content-Length) at the gateway', () => {
  it('refuses one that passes the API limit with 413 in the error shape, proxying none of it', async () => {
    const before = upstreamRequests;
    const answer = await postChunked(40, 64 * 1024); // 2.5 MiB
    expect(answer).toMatchObject({ status: 413 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({
      message: 'Request body is too large',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(upstreamRequests).toBe(before);
  });

  it('proxies one within the limit whole', async () => {
    const before = upstreamRequests;
    const answer = await postChunked(8, 64 * 1024); // 512 KiB
    expect(answer).toMatchObject({ status: 200 });
    expect(upstreamRequests).toBe(before + 1);
    expect(lastUpstreamBody.length).toBe(8 * 64 * 1024);
  });
});

/**
 * Streams a chunked body over a plain socket the way a proxy forwarding it does: `before` bytes, then,
 * once the answer has begun to arrive, `after` bytes more, then the body's end. Resolves with the bytes
 * received and how the connection ended: cleanly, or with the error a reset gives (ECONNRESET, EPIPE),
 * which is what lost the answer on its way through HAProxy.
 */
async function streamChunked(before: number, after: number) {
  if (!gateway.server.listening) await gateway.listen({ port: 0, host: '127.0.0.1' });
  const port = (gateway.server.address() as AddressInfo).port;
  return new Promise<{ received: string; error?: string }>((resolve) => {
    // Half-open: the server's FIN after its answer must not end this side's writing.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const received: Buffer[] = [];
    let error: string | undefined;
    socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message));
    socket.on('close', () => resolve({ received: Buffer.concat(received).toString('latin1'), error }));
    const chunk = Buffer.concat([
      Buffer.from('10000\r\n'),
      Buffer.alloc(64 * 1024, 'x'),
      Buffer.from('\r\n'),
    ]);
    const send = (bytes: number, then: () => void) => {
      let sent = 0;
      const more = () => {
        while (sent < bytes && !socket.destroyed) {
          sent += 64 * 1024;
          if (!socket.write(chunk)) return void socket.once('drain', more);
        }
        then();
      };
      more();
    };
    socket.write(
      'POST /api/v1/cart HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n',
    );
    send(before, () =>
      socket.once('data', (first: Buffer) => {
        received.push(first);
        socket.on('data', (part: Buffer) => received.push(part));
        send(after, () => socket.end('0\r\n\r\n'));
      }),
    );
  });
}

/** The status, headers (lower-cased names) and body of one HTTP/1.1 answer as received. */
function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('a 3 MiB chunked body streamed to the gateway directly', () => {
  // Closing the connection the moment the 413 was written, with the rest of the body still arriving,
  // made the kernel answer that rest with a reset: through HAProxy the reset lost the answer, and the
  // client got EPIPE and no status.
  it('is answered 413 with Connection: close in the error shape, and closed without a reset, ten times in a row', async () => {
    const before = upstreamRequests;
    for (let attempt = 1; attempt <= 10; attempt++) {
      const { received, error } = await streamChunked(1.5 * 1024 * 1024, 1.5 * 1024 * 1024);
      const answer = parseAnswer(received);
      expect({ attempt, status: answer.status, error }).toEqual({ attempt, status: 413, error: undefined });
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({
        message: 'Request body is too large',
        code: 'PAYLOAD_TOO_LARGE',
      });
    }
    expect(upstreamRequests).toBe(before);
  });

  it('is drained after its 413 only up to the budget, then cut off', async () => {
    const { received, error } = await streamChunked(1.5 * 1024 * 1024, LINGER_BYTES + 8 * 1024 * 1024);
    expect(parseAnswer(received).status).toBe(413);
    expect(error).toMatch(/ECONNRESET|EPIPE/);
  });
});
