import { randomInt } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectRedis, createLogger, createTokenVerifier, revocationCheck } from '@spa/kit';
import { testInfra, testJwks } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

const redis = connectRedis(testInfra.redisUrl);
const gateways: FastifyInstance[] = [];

/**
 * The service side of the wire: an HTTP listener standing where identity would, answering 200 and
 * keeping the headers each request arrived with, so the tests can see what a service is told.
 */
const received: IncomingHttpHeaders[] = [];
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    received.push(request.headers);
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await new Promise((resolve) => upstream.close(resolve));
  redis.disconnect();
});

async function gatewayWith(trustedProxies: string | undefined): Promise<FastifyInstance> {
  const config = loadGatewayConfig({
    REDIS_URL: testInfra.redisUrl,
    ENABLED_SERVICES: 'identity',
    IDENTITY_URL: upstreamUrl,
    RATE_LIMIT_MAX: '4',
    AUTH_RATE_LIMIT_MAX: '2',
    RATE_LIMIT_FLUSH_MS: '50',
    WEB_DIST: '/nonexistent',
    ...(trustedProxies === undefined ? {} : { TRUSTED_PROXIES: trustedProxies }),
  });
  const verifier = createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(redis) });
  const gateway = await buildGateway({
    config,
    logger: createLogger('gateway-test', 'silent'),
    redis,
    verifier,
  });
  gateways.push(gateway);
  return gateway;
}

// Random addresses so runs (and engineers sharing Redis) never share a bucket.
const clientAddress = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;
const publicPeer = () => `203.0.${randomInt(113, 114)}.${randomInt(1, 255)}`;
const ingressPod = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function signIn(
  gateway: FastifyInstance,
  from: { peer: string; headers?: Record<string, string> },
): Promise<{ status: number; seenAs: string | undefined }> {
  const before = received.length;
  const response = await gateway.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: from.peer,
    headers: from.headers ?? {},
    payload: { email: 'someone@spa.test', password: 'whatever' },
  });
  const seen = received.length > before ? received.at(-1) : undefined;
  return { status: response.statusCode, seenAs: seen?.['x-spa-client-address'] as string | undefined };
}

describe('client addresses behind a trusted proxy (TRUSTED_PROXIES)', () => {
  it('gives two clients behind the same trusted proxy separate sign-in and API buckets', async () => {
    const gateway = await gatewayWith('10.0.0.0/8, 127.0.0.1');
    const proxy = ingressPod();
    const [first, second] = [clientAddress(), clientAddress()];
    const from = (client: string) => ({ peer: proxy, headers: { 'x-forwarded-for': client } });

    const firstClient = [];
    for (let attempt = 0; attempt < 3; attempt++) firstClient.push(await signIn(gateway, from(first)));
    expect(firstClient.map(({ status }) => status)).toEqual([200, 200, 429]);
    expect(firstClient[0]!.seenAs).toBe(first);

    const secondClient = await signIn(gateway, from(second));
    expect(secondClient).toEqual({ status: 200, seenAs: second });

    // The general API limit (RATE_LIMIT_MAX=4) is per client as well.
    const read = async (client: string) =>
      (
        await gateway.inject({
          url: '/api/v1/auth/config',
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': client },
        })
      ).statusCode;
    const busy = clientAddress();
    const statuses = [];
    for (let request = 0; request < 5; request++) statuses.push(await read(busy));
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(await read(clientAddress())).toBe(200);
  });

  it('takes the address the trusted proxy added, not one the client put in front of it', async () => {
    const gateway = await gatewayWith('10.0.0.0/8');
    const real = clientAddress();
    const claimed = clientAddress();
    const answer = await signIn(gateway, {
      peer: ingressPod(),
      headers: { 'x-forwarded-for': `${claimed}, ${real}` },
    });
    expect(answer.seenAs).toBe(real);
  });

  it('ignores X-Forwarded-For from a peer it does not trust: a forged header changes nothing', async () => {
    const gateway = await gatewayWith('10.0.0.0/8');
    const attacker = publicPeer();
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt++)
      answers.push(
        await signIn(gateway, { peer: attacker, headers: { 'x-forwarded-for': clientAddress() } }),
      );
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 429]);
    expect(answers[0]!.seenAs).toBe(attacker);
  });

  it('trusts nobody by default, so behaviour without the setting is the socket address', async () => {
    const gateway = await gatewayWith(undefined);
    const peer = ingressPod();
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt++)
      answers.push(await signIn(gateway, { peer, headers: { 'x-forwarded-for': clientAddress() } }));
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 429]);
    expect(answers[0]!.seenAs).toBe(peer);
  });

  it('with a hop count, believes the nearest proxy only when it connects from a private address', async () => {
    const gateway = await gatewayWith('1');
    const client = clientAddress();
    expect(
      (await signIn(gateway, { peer: ingressPod(), headers: { 'x-forwarded-for': client } })).seenAs,
    ).toBe(client);
    const direct = publicPeer();
    expect(
      (await signIn(gateway, { peer: direct, headers: { 'x-forwarded-for': clientAddress() } })).seenAs,
    ).toBe(direct);
  });

  it('overwrites the gateway-to-service address header a client sends, whatever its spelling', async () => {
    const gateway = await gatewayWith('10.0.0.0/8');
    const client = clientAddress();
    const forged = await signIn(gateway, {
      peer: ingressPod(),
      headers: { 'x-forwarded-for': client, 'X-Spa-Client-Address': '192.0.2.1' },
    });
    expect(forged.seenAs).toBe(client);
    const direct = publicPeer();
    const alone = await signIn(gateway, { peer: direct, headers: { 'x-spa-client-address': '192.0.2.1' } });
    expect(alone.seenAs).toBe(direct);
    // Services are told the same address in X-Forwarded-For, with nothing the client added.
    expect(received.at(-1)!['x-forwarded-for']).toBe(direct);
  });
});
