import { createPrivateKey, generateKeyPairSync, type JsonWebKey, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose';
import pg from 'pg';
import { SERVICE_TOKEN_HEADER } from '../auth/service-auth.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, type Role } from '../auth/tokens.js';

/** Local infrastructure addresses, as infra/local sets them up; the environment overrides each. */
export const testInfra = {
  pgAdminUrl: process.env.PG_ADMIN_URL ?? 'postgres://spa_admin:spa_admin@127.0.0.1:55432/postgres',
  kafkaBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:56379',
  smtpUrl: process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025',
  mailInboxUrl: process.env.MAIL_INBOX_URL ?? 'http://127.0.0.1:1080',
};

/**
 * The Razorpay sandbox's keys for this test process: made fresh on every run, so no test signs a
 * payment or a webhook with a value written in the source. Give the same to the sandbox and commerce.
 */
export const testRazorpayKeys = Object.freeze({
  keyId: `rzp_test_${randomBytes(7).toString('hex')}`,
  keySecret: randomBytes(32).toString('base64url'),
  webhookSecret: randomBytes(32).toString('base64url'),
});

/**
 * Every secret a service refuses to start without (they have no defaults), by environment variable,
 * fresh for this test process: spread it into loadConfig's env (startBuiltService gives it to children).
 */
export const testSecretEnv = Object.freeze({
  REVIEW_LINK_SECRET: randomBytes(32).toString('base64url'),
  RAZORPAY_KEY_ID: testRazorpayKeys.keyId,
  RAZORPAY_KEY_SECRET: testRazorpayKeys.keySecret,
  RAZORPAY_WEBHOOK_SECRET: testRazorpayKeys.webhookSecret,
});

/** A suffix unique to this test run, for topic and group names that must not meet other runs. */
export const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
export const uniqueName = (base: string) => `${base}.${runId}.${randomBytes(2).toString('hex')}`;

/** A fresh, empty database for one test file; drop it in afterAll. */
export async function createTestDatabase(
  prefix: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `test_${prefix.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testInfra.pgAdminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testInfra.pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: testInfra.pgAdminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

const testKeys = (async () => {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
  return { privateKey, jwks: { keys: [jwk] } as JSONWebKeySet };
})();

/** The public key set that verifies tokens made by signTestToken. */
export async function testJwks(): Promise<JSONWebKeySet> {
  return (await testKeys).jwks;
}

export interface TestTokenClaims {
  sub?: string;
  role?: Role;
  name?: string;
  email?: string;
  /** The email_verified claim identity sets when the account's email is verified. */
  emailVerified?: boolean;
  expiresIn?: string | number;
  jti?: string;
  /** Claims beyond the usual ones (a newer identity's, or a forged role). */
  extra?: Record<string, unknown>;
}

/** A signed access token for any role, shaped exactly as identity issues them. */
export async function signTestToken(claims: TestTokenClaims = {}): Promise<string> {
  const { privateKey } = await testKeys;
  return new SignJWT({
    role: claims.role ?? 'user',
    name: claims.name ?? 'Test User',
    email: claims.email ?? 'test@spa.local',
    ...claims.extra,
    ...(claims.emailVerified === undefined ? {} : { email_verified: claims.emailVerified }),
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
    .setSubject(claims.sub ?? randomUUID())
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setJti(claims.jti ?? randomUUID())
    .setIssuedAt()
    .setExpirationTime(claims.expiresIn ?? '1h')
    .sign(privateKey);
}

/** Polls until the check passes or the time runs out; for effects that arrive through Kafka. */
export async function eventually<T>(
  check: () => Promise<T>,
  { timeoutMs = 15_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
  throw lastError;
}

/**
 * Until the relay has sent every row of this database's outbox to Kafka: what a recovery test waits
 * for before it simulates the restore that forgets some of them.
 */
export async function outboxSent(pool: pg.Pool, timeoutMs = 20_000): Promise<void> {
  await eventually(
    async () => {
      const { rows } = await pool.query<{ unsent: number }>(
        'select count(*)::int as unsent from outbox where sent_at is null',
      );
      if (rows[0]!.unsent !== 0) throw new Error(`${rows[0]!.unsent} outbox rows not sent yet`);
    },
    { timeoutMs },
  );
}

/**
 * Serves the test key set over HTTP, for a real service process started by a test (its JWKS_URL):
 * tokens from signTestToken then work against it as they do against an in-process app.
 */
export async function serveTestJwks(): Promise<{ url: string; close(): Promise<void> }> {
  const body = JSON.stringify(await testJwks());
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every service that signs or verifies internal calls, and the gateway (it calls /internal/stats). */
export const TEST_SERVICE_NAMES = [
  'identity',
  'catalogue',
  'booking',
  'commerce',
  'billing',
  'notification',
  'gateway',
] as const;

const serviceKeyPairs = new Map<string, { privateJwk: string; publicJwk: Record<string, unknown> }>();

/** One Ed25519 key pair per service name for this test process (made on first use). */
function serviceKeyPair(service: string) {
  let pair = serviceKeyPairs.get(service);
  if (!pair) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    pair = {
      privateJwk: JSON.stringify(privateKey.export({ format: 'jwk' })),
      publicJwk: publicKey.export({ format: 'jwk' }),
    };
    serviceKeyPairs.set(service, pair);
  }
  return pair;
}

/**
 * The environment a service needs for signed internal calls in a test: its own SERVICE_KEY and the
 * public keys of every service (TEST_SERVICE_NAMES). Spread it into loadConfig's env or a child's env:
 * `loadConfig({ ..., ...testServiceKeyEnv('booking') })`.
 */
export function testServiceKeyEnv(service: string): { SERVICE_KEY: string; SERVICE_PUBLIC_KEYS: string } {
  const publicKeys = Object.fromEntries(
    TEST_SERVICE_NAMES.map((name) => [name, serviceKeyPair(name).publicJwk]),
  );
  return {
    SERVICE_KEY: serviceKeyPair(service).privateJwk,
    SERVICE_PUBLIC_KEYS: JSON.stringify(publicKeys),
  };
}

/** The header of a call from `caller` to `callee`, signed as that service would (for inject or fetch). */
export async function serviceCallHeaders(caller: string, callee: string): Promise<Record<string, string>> {
  const key = createPrivateKey({
    key: JSON.parse(serviceKeyPair(caller).privateJwk) as JsonWebKey,
    format: 'jwk',
  });
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'EdDSA', kid: caller })
    .setIssuer(caller)
    .setAudience(callee)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(key);
  return { [SERVICE_TOKEN_HEADER]: token };
}

/**
 * For a test world's request helper: the credential of the first caller `callers` allows for this
 * `/internal/*` URL of `callee` (matched against the route patterns), or none for any other URL. Worlds
 * sign internal calls this way unless a test sends its own header (or none, to see the 401).
 */
export async function allowedCallerHeaders(
  callers: Record<string, readonly string[]>,
  callee: string,
  url: string,
): Promise<Record<string, string>> {
  const path = url.split('?')[0] ?? '';
  if (!path.startsWith('/internal/')) return {};
  for (const [route, allowed] of Object.entries(callers)) {
    const pattern = new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    if (pattern.test(path) && allowed[0]) return serviceCallHeaders(allowed[0], callee);
  }
  return {};
}
