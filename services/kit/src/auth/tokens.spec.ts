import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createApp } from '../http/app.js';
import { serveTestJwks, signTestToken, testJwks } from '../testing/index.js';
import { currentUser } from './guards.js';
import {
  createTokenVerifier,
  EXPIRED_TOKEN_MESSAGE,
  InvalidTokenError,
  KeySetUnavailableError,
  REVOKED_TOKEN_MESSAGE,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type TokenVerifier,
} from './tokens.js';

const revoked = new Set<string>(['revoked-id']);
const isRevoked = (id: string) => Promise.resolve(revoked.has(id));

async function appWith(verifier: TokenVerifier) {
  const app = await createApp({
    name: 'tokens-spec',
    logger: createLogger('tokens-spec', 'silent'),
    verifier,
  });
  app.get('/whoami', (request) => {
    const user = currentUser(request);
    return { id: user.id, role: user.role, email: user.email, claims: user.claims };
  });
  return app;
}

const whoami = (app: Awaited<ReturnType<typeof appWith>>, token: string) =>
  app.inject({ url: '/whoami', headers: { authorization: `Bearer ${token}` } });

/** A token like identity's but signed by someone else's key, named with identity's key id. */
async function forgedToken(alg: 'EdDSA' | 'ES256' = 'EdDSA') {
  const { privateKey } = await generateKeyPair(alg, { crv: 'Ed25519' });
  return new SignJWT({ role: 'admin', name: 'Mallory', email: 'm@x.test' })
    .setProtectedHeader({ alg, kid: 'test-key' })
    .setSubject('mallory')
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setJti('forged')
    .setExpirationTime('1h')
    .sign(privateKey);
}

/** The classic confusion: HS256 with the verifier's own public key (PEM) as the shared secret. */
async function hmacWithPublicKey() {
  const pem = await createTokenVerifier({ jwks: await testJwks() }).publicKeyFor({
    alg: 'EdDSA',
    kid: 'test-key',
  });
  return new SignJWT({ role: 'admin' })
    .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
    .setSubject('mallory')
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setJti('confused')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(pem));
}

const unsigned = (claims: object) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
    JSON.stringify(claims),
  ).toString('base64url')}.`;

describe('token verification through @fastify/jwt with keys from the JWKS', () => {
  it('accepts identity-shaped tokens and carries unknown extra claims through', async () => {
    const app = await appWith(createTokenVerifier({ jwks: await testJwks(), isRevoked }));
    const token = await signTestToken({
      sub: 'u-1',
      role: 'employee',
      email: 'e@spa.test',
      extra: { employeeStatus: 'approved', somethingNew: { nested: true } },
    });
    const response = await whoami(app, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: 'u-1',
      role: 'employee',
      email: 'e@spa.test',
      claims: { employeeStatus: 'approved', somethingNew: { nested: true }, iss: TOKEN_ISSUER },
    });
  });

  it.each([
    [
      'an expired token',
      () => signTestToken({ expiresIn: Math.floor(Date.now() / 1000) - 5 }),
      EXPIRED_TOKEN_MESSAGE,
    ],
    ['a revoked token', () => signTestToken({ jti: 'revoked-id' }), REVOKED_TOKEN_MESSAGE],
    ['an unknown role', () => signTestToken({ extra: { role: 'owner' } }), 'Invalid token'],
    ['a token signed by another key', () => forgedToken(), 'Invalid token'],
    [
      'an unsigned (alg none) token',
      () => Promise.resolve(unsigned({ sub: 'x', jti: 'y', role: 'admin' })),
      'Invalid token',
    ],
    [
      'an HS256 token keyed with the public key (algorithm confusion)',
      () => hmacWithPublicKey(),
      'Invalid token',
    ],
    ['a malformed token', () => Promise.resolve('not-a-jwt'), 'Invalid token'],
  ])('refuses %s with 401 in the one error shape', async (_case, make, message) => {
    const app = await appWith(createTokenVerifier({ jwks: await testJwks(), isRevoked }));
    const response = await whoami(app, await make());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message, code: 'UNAUTHORIZED' });
  });

  it.each([
    ['another issuer', { iss: 'someone-else', aud: TOKEN_AUDIENCE }],
    ['another audience', { iss: TOKEN_ISSUER, aud: 'another-app' }],
  ])('refuses a token for %s, even with a trusted key', async (_case, { iss, aud }) => {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k' }] };
    const sign = (issuer: string, audience: string) =>
      new SignJWT({ role: 'user' })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'k' })
        .setSubject('s')
        .setIssuer(issuer)
        .setAudience(audience)
        .setJti('j')
        .setExpirationTime('1h')
        .sign(privateKey);
    const app = await appWith(createTokenVerifier({ jwks }));
    expect((await whoami(app, await sign(TOKEN_ISSUER, TOKEN_AUDIENCE))).statusCode).toBe(200);
    const response = await whoami(app, await sign(iss, aud));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid token', code: 'UNAUTHORIZED' });
  });

  it('refuses a token whose key id is not in the key set', async () => {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const token = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'unknown-key' })
      .setSubject('s')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setJti('j')
      .setExpirationTime('1h')
      .sign(privateKey);
    const verifier = createTokenVerifier({ jwks: await testJwks() });
    expect((await whoami(await appWith(verifier), token)).statusCode).toBe(401);
    // ... which the same token verifies against a set that has its key.
    const own = createTokenVerifier({
      jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'unknown-key' }] },
    });
    expect((await whoami(await appWith(own), token)).statusCode).toBe(200);
  });

  it('says "Bearer <token>" for any other authorization scheme', async () => {
    const app = await appWith(createTokenVerifier({ jwks: await testJwks() }));
    const response = await app.inject({ url: '/whoami', headers: { authorization: 'Basic abc' } });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe(
      'Authorization header must be "Bearer <token>"',
    );
  });
});

describe('keys fetched from the JWKS URL', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => Promise.all(closers.map((close) => close())));

  it('verifies against identity-style keys served over HTTP', async () => {
    const served = await serveTestJwks();
    closers.push(() => served.close());
    const verifier = createTokenVerifier({ jwksUrl: served.url, isRevoked });
    const token = await signTestToken({ sub: 'remote-user' });
    expect((await whoami(await appWith(verifier), token)).json()).toMatchObject({ id: 'remote-user' });
    await expect(verifier.verify(token)).resolves.toMatchObject({ id: 'remote-user' });
  });

  it('answers 503 AUTH_UNAVAILABLE, not 401, when the key set cannot be fetched', async () => {
    const server = createServer((_request, response) => response.writeHead(500).end('down'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const verifier = createTokenVerifier({ jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json` });
    const response = await whoami(await appWith(verifier), await signTestToken());
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'Sign-in is briefly unavailable. Please try again shortly.',
      code: 'AUTH_UNAVAILABLE',
    });
    await expect(verifier.verify(await signTestToken())).rejects.toBeInstanceOf(KeySetUnavailableError);
  });
});

describe('verify() outside a request', () => {
  it('applies the same checks', async () => {
    const verifier = createTokenVerifier({ jwks: await testJwks(), isRevoked });
    await expect(verifier.verify(await signTestToken({ sub: 'a' }))).resolves.toMatchObject({ id: 'a' });
    await expect(verifier.verify(await forgedToken())).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(
      verifier.verify(await signTestToken({ expiresIn: Math.floor(Date.now() / 1000) - 5 })),
    ).rejects.toThrow(EXPIRED_TOKEN_MESSAGE);
    await expect(verifier.verify(await signTestToken({ jti: 'revoked-id' }))).rejects.toThrow(
      REVOKED_TOKEN_MESSAGE,
    );
  });
});

describe('verified tokens remembered', () => {
  it('checks a token once, still refuses it once revoked, and never remembers past its expiry', async () => {
    const verifier = createTokenVerifier({ jwks: await testJwks(), isRevoked });
    const app = await appWith(verifier);
    const token = await signTestToken({ sub: 'remembered', jti: 'later-revoked' });
    expect((await whoami(app, token)).json()).toMatchObject({ id: 'remembered' });
    expect(verifier.verifiedClaims(token)).toMatchObject({ sub: 'remembered' });
    // Only the exact token is remembered: the same claims under a forged signature are checked.
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(86)}`;
    expect((await whoami(app, forged)).statusCode).toBe(401);
    revoked.add('later-revoked');
    expect((await whoami(app, token)).json()).toMatchObject({ message: REVOKED_TOKEN_MESSAGE });
    revoked.delete('later-revoked');
    // Claims that expire in a second are remembered for a second; already expired ones not at all.
    const now = Math.floor(Date.now() / 1000);
    verifier.rememberClaims('soon', { sub: 's', exp: now + 1 });
    verifier.rememberClaims('gone', { sub: 'g', exp: now - 1 });
    expect(verifier.verifiedClaims('soon')).toBeDefined();
    expect(verifier.verifiedClaims('gone')).toBeUndefined();
    await app.close();
  });
});
