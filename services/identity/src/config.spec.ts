import { ConfigError } from '@spa/kit';
import { testServiceKeyEnv } from '@spa/kit/testing';
import { describe, expect, it } from 'vitest';
import { GOOGLE_JWKS_URL, loadConfig } from './config.js';

/** Production also needs the service keys (signed internal calls); they are not what these tests are about. */
const serviceKeys = testServiceKeyEnv('identity');

const required = {
  DATABASE_URL: 'postgres://identity:identity@127.0.0.1:55432/identity',
  REDIS_URL: 'redis://127.0.0.1:6379',
  KAFKA_BROKERS: '127.0.0.1:9092',
};

describe('identity configuration', () => {
  it('has working defaults for development', () => {
    const config = loadConfig(required);
    expect(config).toMatchObject({
      port: 4001,
      appUrl: 'http://localhost:8080',
      accessTokenTtlSeconds: 86_400,
      resetTokenTtlSeconds: 3_600,
      claimTokenTtlSeconds: 7 * 86_400,
      verificationTokenTtlSeconds: 86_400,
      signInThrottle: {
        freeFailures: 3,
        baseDelaySeconds: 1,
        maxDelaySeconds: 60,
        failureMemorySeconds: 86_400,
        accountCeiling: 20,
        pressureIntervalSeconds: 60,
        cleanWaitSeconds: 5,
        deviceMemorySeconds: 90 * 86_400,
        maxFailuresPerAddress: 50,
        addressWindowSeconds: 900,
        addressLockSeconds: 900,
      },
      google: { clientId: undefined, jwksUrl: GOOGLE_JWKS_URL },
      seed: { enabled: true, adminEmail: 'admin@spa.local', staffPassword: 'Staff@12345' },
    });
  });

  it('reads token lifetimes with units and drops a trailing slash from APP_URL', () => {
    const config = loadConfig({ ...required, ACCESS_TOKEN_TTL: '12h', APP_URL: 'https://spa.example/' });
    expect(config.accessTokenTtlSeconds).toBe(43_200);
    expect(config.appUrl).toBe('https://spa.example');
  });

  it('names a bad lifetime', () => {
    expect(() => loadConfig({ ...required, ACCESS_TOKEN_TTL: 'forever' })).toThrow(/ACCESS_TOKEN_TTL/);
  });

  it('requires the signing key in production, refuses a local Google key set there, and never seeds', () => {
    const attempt = () =>
      loadConfig({ ...required, NODE_ENV: 'production', ...serviceKeys, GOOGLE_JWKS_JSON: '{"keys":[]}' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/IDENTITY_SIGNING_KEY is required/);
    expect(() =>
      loadConfig({
        ...required,
        NODE_ENV: 'production',
        ...serviceKeys,
        IDENTITY_SIGNING_KEY: '{}',
        GOOGLE_JWKS_JSON: '{}',
      }),
    ).toThrow(/GOOGLE_JWKS_JSON is for development/);
    const production = loadConfig({
      ...required,
      NODE_ENV: 'production',
      ...serviceKeys,
      IDENTITY_SIGNING_KEY: '{}',
      SEED_DEMO_DATA: 'true',
    });
    expect(production.seed.enabled).toBe(false);
  });
});
