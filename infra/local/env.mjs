// Connection settings for the local infrastructure (see infra.mjs).
// Every value can be overridden through the environment, so scripts and
// tests importing this module follow whatever `infra.mjs up` was run with.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

function postgresUrl(user, password, database) {
  const credentials = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
  return `postgres://${credentials}@${HOST}:${PORTS.postgres}/${encodeURIComponent(database)}`;
}

export function infraEnv() {
  const defaults = {
    KAFKA_BROKERS: `${HOST}:${PORTS.kafka}`,
    REDIS_URL: `redis://${HOST}:${PORTS.redis}`,
    SMTP_URL: `smtp://${HOST}:${PORTS.smtp}`,
    MAIL_INBOX_URL: `http://${HOST}:${PORTS.mailWeb}`,
    PG_ADMIN_URL: postgresUrl(PG_ADMIN.user, PG_ADMIN.password, 'postgres'),
  };
  return Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, process.env[key] || value]));
}

export function serviceEnv(name) {
  if (!SERVICES.includes(name)) {
    throw new Error(`unknown service "${name}" (known: ${SERVICES.join(', ')})`);
  }
  // Each service owns a database and a role of its own name; password = name.
  return { ...infraEnv(), DATABASE_URL: postgresUrl(name, name, name) };
}
