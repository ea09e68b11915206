import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectRedis, createLogger, createTokenVerifier, revocationCheck } from '@spa/kit';
import { testInfra, testJwks } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

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
