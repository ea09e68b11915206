import { generateKeyPairSync, type JsonWebKey, randomUUID } from 'node:crypto';
import { base64url, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.js';
import { ConfigError } from '../errors.js';
import { createApp } from '../http/app.js';
import { createLogger } from '../logger.js';
import { testServiceKeyEnv, serviceCallHeaders } from '../testing/index.js';
import {
  createServiceAuth,
  internalFetch,
  parsePublicKeys,
  readServiceKeySettings,
  SERVICE_TOKEN_HEADER,
  type ServiceAuth,
} from './service-auth.js';

const settingsOf = (service: string) => {
  const env = testServiceKeyEnv(service);
  return { privateKey: env.SERVICE_KEY, publicKeys: parsePublicKeys(env.SERVICE_PUBLIC_KEYS) };
};
const authOf = (service: string) => createServiceAuth(service, settingsOf(service));

async function refusal(auth: ServiceAuth, token: string | undefined, callers: string[]) {
  return auth.verify(token, callers).then(
    () => 'accepted',
    (error: Error) => error.message,
  );
}

describe('service credentials', () => {
  it('proves the caller to the callee it names', async () => {
    const commerce = await authOf('commerce');
    const booking = await authOf('booking');
    const token = await commerce.sign('booking');
    await expect(booking.verify(token, ['commerce'])).resolves.toBe('commerce');
  });

  it('refuses a caller that is not on the route list', async () => {
    const gateway = await authOf('gateway');
    const booking = await authOf('booking');
    expect(await refusal(booking, await gateway.sign('booking'), ['commerce'])).toBe(
      'gateway may not call this route',
    );
  });

  it('refuses a credential made for another callee', async () => {
    const commerce = await authOf('commerce');
    const booking = await authOf('booking');
    expect(await refusal(booking, await commerce.sign('catalogue'), ['commerce'])).toMatch(/aud/);
  });

  it('refuses a caller signing in another service name with its own key', async () => {
    const billing = await authOf('billing');
    // billing's key, but the credential claims to be commerce.
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer('commerce')
      .setAudience('booking')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(
        (await import('node:crypto')).createPrivateKey({
          key: JSON.parse(testServiceKeyEnv('billing').SERVICE_KEY) as JsonWebKey,
          format: 'jwk',
        }),
      );
    const booking = await authOf('booking');
    expect(billing.serviceName).toBe('billing');
    expect(await refusal(booking, forged, ['commerce'])).toBe('service credential signature not valid');
  });

  it('refuses an expired credential', async () => {
    const commerce = await createServiceAuth('commerce', settingsOf('commerce'), { ttlSeconds: -30 });
    const booking = await authOf('booking');
    expect(await refusal(booking, await commerce.sign('booking'), ['commerce'])).toBe(
      'expired service credential',
    );
  });

  it('refuses a credential that claims a long life', async () => {
    const commerce = await createServiceAuth('commerce', settingsOf('commerce'), { ttlSeconds: 86_400 });
    const booking = await authOf('booking');
    const token = await commerce.sign('booking');
    // Accepted only as long as it is young: its iat is now, so it passes today ...
    await expect(booking.verify(token, ['commerce'])).resolves.toBe('commerce');
    // ... but one issued three minutes ago is refused whatever its exp says.
    const old = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer('commerce')
      .setAudience('booking')
      .setJti(randomUUID())
      .setIssuedAt(Math.floor(Date.now() / 1000) - 180)
      .setExpirationTime('1h')
      .sign(
        (await import('node:crypto')).createPrivateKey({
          key: JSON.parse(testServiceKeyEnv('commerce').SERVICE_KEY) as JsonWebKey,
          format: 'jwk',
        }),
      );
    expect(await refusal(booking, old, ['commerce'])).toBe('expired service credential');
  });

  it('refuses no credential, an unsigned one and a tampered one', async () => {
    const booking = await authOf('booking');
    expect(await refusal(booking, undefined, ['commerce'])).toBe('no service credential');
    expect(await refusal(booking, 'not-a-jwt', ['commerce'])).toBe('malformed service credential');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = [
      base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' })),
      base64url.encode(
        JSON.stringify({ iss: 'commerce', aud: 'booking', jti: randomUUID(), iat: now, exp: now + 60 }),
      ),
      '',
    ].join('.');
    expect(await refusal(booking, unsigned, ['commerce'])).toBe('service credential signature not valid');
    const commerce = await authOf('commerce');
    const [header, , signature] = (await commerce.sign('booking')).split('.');
    const widened = base64url.encode(
      JSON.stringify({ iss: 'commerce', aud: 'booking', jti: randomUUID(), iat: now, exp: now + 3600 }),
    );
    expect(await refusal(booking, `${header}.${widened}.${signature}`, ['commerce'])).toBe(
      'service credential signature not valid',
    );
  });

  it('refuses a credential used twice', async () => {
    const commerce = await authOf('commerce');
    const booking = await authOf('booking');
    const token = await commerce.sign('booking');
    await booking.verify(token, ['commerce']);
    expect(await refusal(booking, token, ['commerce'])).toBe('replayed service credential');
  });

  it('refuses a caller whose public key is not configured', async () => {
    const booking = await createServiceAuth('booking', { publicKeys: {} });
    const commerce = await authOf('commerce');
    expect(await refusal(booking, await commerce.sign('booking'), ['commerce'])).toBe(
      'no public key configured for commerce',
    );
    expect(booking.canSign).toBe(false);
    await expect(booking.headersFor('commerce')).resolves.toEqual({});
  });

  it('accepts PEM keys and a list of keys per service (rotation)', async () => {
    const old = generateKeyPairSync('ed25519');
    const current = generateKeyPairSync('ed25519');
    const pem = (key: typeof current.publicKey) => key.export({ format: 'pem', type: 'spki' }).toString();
    const signer = await createServiceAuth('commerce', {
      privateKey: current.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      publicKeys: {},
    });
    const booking = await createServiceAuth('booking', {
      publicKeys: parsePublicKeys(JSON.stringify({ commerce: [pem(old.publicKey), pem(current.publicKey)] })),
    });
    await expect(booking.verify(await signer.sign('booking'), ['commerce'])).resolves.toBe('commerce');
  });
});

describe('service key settings', () => {
  it('stops production start-up naming each missing variable', () => {
    const read = () => readConfig((env) => readServiceKeySettings(env, true), { NODE_ENV: 'production' });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/SERVICE_KEY is required[\s\S]*SERVICE_PUBLIC_KEYS is required/);
  });

  it('leaves development without keys (internal calls are then refused)', () => {
    expect(readConfig((env) => readServiceKeySettings(env, false), {})).toEqual({
      privateKey: undefined,
      publicKeys: {},
    });
  });

  it('names a bad key', async () => {
    expect(() => parsePublicKeys('{"booking": 5}')).toThrow(/booking/);
    expect(() => parsePublicKeys('nope')).toThrow(/SERVICE_PUBLIC_KEYS must be JSON/);
    await expect(createServiceAuth('booking', { privateKey: 'junk', publicKeys: {} })).rejects.toThrow(
      /SERVICE_KEY/,
    );
  });
});

describe('the /internal route guard', () => {
  async function callee(serviceAuth?: ServiceAuth) {
    const app = await createApp({
      name: 'booking',
      logger: createLogger('kit-spec', 'silent'),
      serviceAuth,
      internalCallers: { '/internal/things/:id': ['commerce'], '/internal/stats': ['gateway'] },
    });
    app.post('/internal/things/:id', (request) => ({ caller: request.callerService }));
    app.get('/internal/stats', () => ({ ok: true }));
    app.get('/public', () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it('lets an allowed, signed caller through and tells the route who it is', async () => {
    const app = await callee(await authOf('booking'));
    const response = await app.inject({
      method: 'POST',
      url: '/internal/things/1',
      headers: await serviceCallHeaders('commerce', 'booking'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ caller: 'commerce' });
  });

  it('answers 401 in the one error shape to unsigned, wrong-caller and unknown internal calls', async () => {
    const app = await callee(await authOf('booking'));
    const cases = [
      { method: 'POST' as const, url: '/internal/things/1', headers: {} },
      {
        method: 'POST' as const,
        url: '/internal/things/1',
        headers: await serviceCallHeaders('gateway', 'booking'),
      },
      {
        method: 'GET' as const,
        url: '/internal/stats',
        headers: await serviceCallHeaders('commerce', 'booking'),
      },
      { method: 'GET' as const, url: '/internal/nothing-here', headers: {} },
      { method: 'GET' as const, url: '//internal/stats', headers: {} },
      { method: 'GET' as const, url: '/%69nternal/stats', headers: {} },
    ];
    for (const request of cases) {
      const response = await app.inject(request);
      expect(response.statusCode, request.url).toBe(401);
      expect(response.json()).toEqual({
        message: 'This internal route needs a valid service credential.',
        code: 'UNAUTHORIZED',
      });
    }
    expect((await app.inject({ method: 'GET', url: '/public' })).statusCode).toBe(200);
  });

  it('refuses every internal call when the service has no keys', async () => {
    const app = await callee(undefined);
    const response = await app.inject({
      method: 'GET',
      url: '/internal/stats',
      headers: await serviceCallHeaders('gateway', 'booking'),
    });
    expect(response.statusCode).toBe(401);
  });

  it('stops start-up when an internal route has no allowed callers', async () => {
    const app = await createApp({ name: 'booking', logger: createLogger('kit-spec', 'silent') });
    expect(() => app.get('/internal/forgotten', () => ({}))).toThrow(/no allowed callers/);
  });

  it('internalFetch attaches a fresh credential for the callee', async () => {
    const app = await callee(await authOf('booking'));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const commerce = await authOf('commerce');
      const first = await internalFetch(commerce, 'booking', `${url}/internal/things/2`, {
        method: 'POST',
        headers: { 'x-request-id': 'r1' },
      });
      const second = await internalFetch(commerce, 'booking', `${url}/internal/things/2`, { method: 'POST' });
      expect([first.status, second.status]).toEqual([200, 200]);
      const unsigned = await internalFetch(undefined, 'booking', `${url}/internal/things/2`, {
        method: 'POST',
      });
      expect(unsigned.status).toBe(401);
      expect(SERVICE_TOKEN_HEADER).toBe('x-service-token');
    } finally {
      await app.close();
    }
  });
});
