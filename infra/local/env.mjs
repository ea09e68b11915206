// Connection settings for the local infrastructure (see infra.mjs).
// Every value can be overridden through the environment, so scripts and
// tests importing this module follow whatever `infra.mjs up` was run with.
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devSecrets, RAZORPAY_SANDBOX_KEY_ID } from './dev-secrets.mjs';

export const HOST = '127.0.0.1';

export const SERVICES = Object.freeze([
  'identity',
  'catalogue',
  'booking',
  'commerce',
  'billing',
  'notification',
]);

export const PG_ADMIN = Object.freeze({ user: 'spa_admin', password: 'spa_admin' });

/**
 * @param {string} variable
 * @param {number} fallback
 */
function portFromEnv(variable, fallback) {
  const raw = process.env[variable];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${variable}=${raw} is not a valid TCP port`);
  }
  return port;
}

export const PORTS = Object.freeze({
  postgres: portFromEnv('SPA_PG_PORT', 55432),
  redis: portFromEnv('SPA_REDIS_PORT', 56379),
  kafka: portFromEnv('SPA_KAFKA_PORT', 9092),
  kafkaController: portFromEnv('SPA_KAFKA_CONTROLLER_PORT', 9093),
  smtp: portFromEnv('SPA_SMTP_PORT', 1025),
  mailWeb: portFromEnv('SPA_MAIL_WEB_PORT', 1080),
});

export function repoRoot() {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
}

export function dataDir() {
  const override = process.env.SPA_DATA_DIR;
  return override ? path.resolve(override) : path.join(repoRoot(), '.data');
}

/**
 * @param {string} user
 * @param {string} password
 * @param {string} database
 */
function postgresUrl(user, password, database) {
  const credentials = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
  return `postgres://${credentials}@${HOST}:${PORTS.postgres}/${encodeURIComponent(database)}`;
}

/**
 * @typedef {{ KAFKA_BROKERS: string, REDIS_URL: string, SMTP_URL: string, MAIL_INBOX_URL: string, PG_ADMIN_URL: string }} InfraEnv
 * @returns {InfraEnv} the defaults, each overridden by a non-empty variable of the same name
 */
export function infraEnv() {
  const defaults = {
    KAFKA_BROKERS: `${HOST}:${PORTS.kafka}`,
    REDIS_URL: `redis://${HOST}:${PORTS.redis}`,
    SMTP_URL: `smtp://${HOST}:${PORTS.smtp}`,
    MAIL_INBOX_URL: `http://${HOST}:${PORTS.mailWeb}`,
    PG_ADMIN_URL: postgresUrl(PG_ADMIN.user, PG_ADMIN.password, 'postgres'),
  };
  return /** @type {InfraEnv} */ (
    Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, process.env[key] || value]))
  );
}

/**
 * @param {string} name
 */
export function serviceEnv(name) {
  if (!SERVICES.includes(name)) {
    throw new Error(`unknown service "${name}" (known: ${SERVICES.join(', ')})`);
  }
  // Each service owns a database and a role of its own name; password = name. The Postgres it names
  // listens on the loopback address only, so these passwords guard nothing another machine can reach.
  return { ...infraEnv(), DATABASE_URL: postgresUrl(name, name, name), ...ownSecrets(name) };
}

/**
 * The development secrets a service refuses to start without (infra/local/dev-secrets.mjs), each
 * overridden by a non-empty variable of the same name; none in production, which must bring its own.
 * Commerce's come with the payment provider's (paymentProviderEnv).
 * @param {string} name
 * @returns {Record<string, string>}
 */
function ownSecrets(name) {
  if (name !== 'catalogue') return {};
  if (process.env.REVIEW_LINK_SECRET) return { REVIEW_LINK_SECRET: process.env.REVIEW_LINK_SECRET };
  if (process.env.NODE_ENV === 'production') return {};
  return { REVIEW_LINK_SECRET: devSecrets().REVIEW_LINK_SECRET };
}

/**
 * What the Razorpay sandbox and commerce share outside production: the sandbox's public key id and
 * this machine's generated secrets (the sandbox takes whatever it is given).
 * @returns {{ RAZORPAY_KEY_ID: string, RAZORPAY_KEY_SECRET: string, RAZORPAY_WEBHOOK_SECRET: string }}
 */
function razorpayDevSecrets() {
  const { RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET } = devSecrets();
  return { RAZORPAY_KEY_ID: RAZORPAY_SANDBOX_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET };
}

export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
export const RAZORPAY_API_URL = 'https://api.razorpay.com';

/**
 * @param {string | undefined} list
 * @param {string[]} origins
 */
function appendOrigins(list, origins) {
  const existing = (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return [...new Set([...existing, ...origins])].join(',');
}

/**
 * Who talks to the payment provider and what the SPA may load from it: the env commerce gets and the
 * CSP additions the gateway gets. With a sandbox (development and tests) its URL and this machine's
 * generated secrets; without one, Razorpay itself, with whatever keys `env` carries (production must
 * set real ones).
 * @param {{ env: Record<string, string | undefined>, sandboxUrl?: string }} options
 */
export function paymentProviderEnv({ env, sandboxUrl }) {
  const apiUrl = sandboxUrl ?? env.RAZORPAY_API_URL ?? RAZORPAY_API_URL;
  const checkoutUrl = sandboxUrl
    ? `${sandboxUrl}/v1/checkout.js`
    : (env.RAZORPAY_CHECKOUT_URL ?? RAZORPAY_CHECKOUT_URL);
  // Only a sandbox gets this machine's secrets; Razorpay itself only what `env` carries.
  const devValues = sandboxUrl ? razorpayDevSecrets() : undefined;
  const secrets = Object.fromEntries(
    /** @type {const} */ (['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'])
      .map((name) => [name, env[name] ?? devValues?.[name]])
      .filter(([, value]) => value !== undefined),
  );
  const checkoutOrigin = new URL(checkoutUrl).origin;
  const apiOrigin = new URL(apiUrl).origin;
  // Razorpay's modal is an iframe of its API host, and its script calls that host and its logging
  // host from the page; the sandbox's modal is an iframe of its own origin that makes its own calls.
  const frameOrigins = [...new Set([checkoutOrigin, apiOrigin])];
  const connectOrigins = sandboxUrl ? [] : [apiOrigin, 'https://lumberjack.razorpay.com'];
  return {
    commerce: { ...secrets, RAZORPAY_API_URL: apiUrl, RAZORPAY_CHECKOUT_URL: checkoutUrl },
    gateway: {
      CSP_SCRIPT_SRC: appendOrigins(env.CSP_SCRIPT_SRC, [checkoutOrigin]),
      CSP_FRAME_SRC: appendOrigins(env.CSP_FRAME_SRC, frameOrigins),
      ...(connectOrigins.length > 0 && {
        CSP_CONNECT_SRC: appendOrigins(env.CSP_CONNECT_SRC, connectOrigins),
      }),
    },
  };
}

/**
 * Keys for signed service-to-service calls (services/kit/src/auth/service-auth.ts), made fresh for one
 * run of the stack: an Ed25519 pair per service and the gateway. Answers each one's environment:
 * its own SERVICE_KEY and everyone's public keys in SERVICE_PUBLIC_KEYS. Nothing to set up by hand;
 * production sets both from a Secret (infra/deploy).
 * @param {string[]} names
 * @returns {Record<string, { SERVICE_KEY: string, SERVICE_PUBLIC_KEYS: string }>}
 */
export function generateServiceKeys(names) {
  const pairs = Object.fromEntries(
    names.map((name) => {
      const { privateKey, publicKey } = generateKeyPairSync('ed25519');
      return [
        name,
        { private: privateKey.export({ format: 'jwk' }), public: publicKey.export({ format: 'jwk' }) },
      ];
    }),
  );
  const publicKeys = JSON.stringify(
    Object.fromEntries(
      names.map((name) => [name, /** @type {(typeof pairs)[string] & {}} */ (pairs[name]).public]),
    ),
  );
  return Object.fromEntries(
    names.map((name) => [
      name,
      {
        SERVICE_KEY: JSON.stringify(/** @type {(typeof pairs)[string] & {}} */ (pairs[name]).private),
        SERVICE_PUBLIC_KEYS: publicKeys,
      },
    ]),
  );
}
