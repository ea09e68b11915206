import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  connectRedis,
  createLogger,
  createTokenVerifier,
  PRIVATE_CACHE_HEADER,
  revocationCheck,
  revokedTokenKey,
} from '@spa/kit';
import { signTestToken, testInfra, testJwks } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

// Signed-in reads a service marks (x-spa-private-cache) are kept per customer. The upstream
// answers every read with who asked (the token's subject, as a service would read it) and a counter,
// so a test sees whose answer came back and whether the service was asked again. Two gateways share
// the upstream and Redis, as two replicas behind a load balancer do.
let upstream: Server;
let reads = 0;
const gateways: FastifyInstance[] = [];
const redis = connectRedis(testInfra.redisUrl);
let clockSkewMs = 0;
const now = () => Date.now() + clockSkewMs;

const subjectOf = (authorization: string | undefined) => {
  const token = authorization?.split(' ')[1];
  if (!token) return null;
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
};

beforeAll(async () => {
  upstream = createServer((request, response) => {
    if (request.method !== 'GET') return void response.writeHead(201).end();
    reads++;
    const body = JSON.stringify({
      url: request.url,
      caller: subjectOf(request.headers.authorization),
      read: reads,
    });
    response
      .writeHead(200, {
        'content-length': Buffer.byteLength(body),
        'content-type': 'application/json; charset=utf-8',
        'x-total-count': '1',
        ...(request.url?.startsWith('/cart') || request.url?.startsWith('/orders')
          ? { [PRIVATE_CACHE_HEADER]: 'max-age=1' }
          : {}),
      })
      .end(body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const config = loadGatewayConfig({
    REDIS_URL: testInfra.redisUrl,
    ENABLED_SERVICES: 'commerce',
    COMMERCE_URL: url,
    WEB_DIST: '/nonexistent',
  });
  const verifier = createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(redis) });
  for (let replica = 0; replica < 2; replica++)
    gateways.push(
      await buildGateway({ config, logger: createLogger('gateway-test', 'silent'), redis, verifier, now }),
    );
});

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await new Promise((resolve) => upstream?.close(resolve));
  redis.disconnect();
});

interface Customer {
  id: string;
  token: string;
}
const customer = async (): Promise<Customer> => {
  const id = randomUUID();
  return { id, token: await signTestToken({ sub: id }) };
};
const read = async (who: Customer | null, url = '/api/v1/cart', replica = 0) => {
  const response = await gateways[replica]!.inject({
    method: 'GET',
    url,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
  });
  return {
    status: response.statusCode,
    hit: response.headers['x-cache'] === 'HIT',
    headers: response.headers,
    body: response.json<{ caller: string | null; read: number }>(),
  };
};
const write = (who: Customer, replica = 0) =>
  gateways[replica]!.inject({
    method: 'POST',
    url: '/api/v1/cart',
    headers: { authorization: `Bearer ${who.token}` },
    payload: { product: 'p-1' },
  });

describe('the private cache for signed-in reads', () => {
  it("never gives one customer another's answer: each gets their own, the second time from memory", async () => {
    const [asha, ravi] = [await customer(), await customer()];
    const first = await read(asha);
    const other = await read(ravi);
    const again = await read(asha);
    const otherAgain = await read(ravi);
    expect(first.body.caller).toBe(asha.id);
    expect(other.body.caller).toBe(ravi.id);
    expect(other.hit).toBe(false);
    expect(again).toMatchObject({ hit: true, body: first.body });
    expect(otherAgain).toMatchObject({ hit: true, body: other.body });
    // The mark is for the gateway only; the browser is told not to keep the answer; paging survives.
    for (const answer of [first, again]) {
      expect(answer.headers[PRIVATE_CACHE_HEADER]).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      expect(answer.headers['x-total-count']).toBe('1');
    }
  });

  it('keeps nothing for an anonymous caller, a bad or revoked token, or a read the service did not mark', async () => {
    const asha = await customer();
    await read(asha);
    const anonymous = await read(null);
    expect(anonymous).toMatchObject({ hit: false, body: { caller: null } });
    const forged = await gateways[0]!.inject({
      method: 'GET',
      url: '/api/v1/cart',
      headers: { authorization: `Bearer ${asha.token.slice(0, -4)}AAAA` },
    });
    expect(forged.statusCode).toBe(401);
    const before = reads;
    expect((await read(asha, '/api/v1/addresses')).hit).toBe(false);
    expect((await read(asha, '/api/v1/addresses')).hit).toBe(false);
    expect(reads).toBe(before + 2);

    // Signed out: the token is refused before any kept answer could be given.
    const { jti } = JSON.parse(Buffer.from(asha.token.split('.')[1]!, 'base64url').toString()) as {
      jti: string;
    };
    await redis.set(revokedTokenKey(jti), '1', 'EX', 60);
    expect((await read(asha)).status).toBe(401);
  });

  it("forgets a customer's answers when they write, on every replica, and only theirs", async () => {
    const [asha, ravi] = [await customer(), await customer()];
    for (const replica of [0, 1]) {
      await read(asha, '/api/v1/cart', replica);
      await read(asha, '/api/v1/orders', replica);
      await read(ravi, '/api/v1/cart', replica);
    }
    expect((await write(asha, 0)).statusCode).toBe(201);
    // On the replica that took the write, at once; on the other, as soon as Redis delivers the forget
    // (published before the write's answer left; well within the answers' one second).
    expect((await read(asha, '/api/v1/cart', 0)).hit).toBe(false);
    expect((await read(asha, '/api/v1/orders', 0)).hit).toBe(false);
    await expect.poll(async () => (await read(asha, '/api/v1/orders', 1)).hit, { timeout: 500 }).toBe(false);
    for (const replica of [0, 1])
      expect((await read(ravi, '/api/v1/cart', replica)).hit, `replica ${replica}`).toBe(true);
  });

  it('keeps an answer only for the lifetime the service asked', async () => {
    const asha = await customer();
    await read(asha);
    expect((await read(asha)).hit).toBe(true);
    clockSkewMs += 1_050;
    expect((await read(asha)).hit).toBe(false);
  });
});
