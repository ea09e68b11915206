#!/usr/bin/env node
// npm run test:fleet — the replicated fleet of issue #14 on a PRIVATE infrastructure (its own Postgres,
// Redis and SMTP sink on other ports, state in .data/fleet/infra, and a three-node Kafka of its own):
// it kills and restarts brokers and replicas. infra/local/env.mjs reads its ports and data dir at
// import, so the harness runs in a child process whose environment carries them. Bounded: 25 minutes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const TIME_LIMIT_MS = 25 * 60_000;

const PRIVATE_INFRA_ENV = {
  SPA_DATA_DIR: path.join(root, '.data', 'fleet', 'infra'),
  SPA_PG_PORT: '58432',
  SPA_REDIS_PORT: '58379',
  SPA_KAFKA_PORT: '31210',
  SPA_KAFKA_CONTROLLER_PORT: '31211',
  SPA_SMTP_PORT: '12025',
  SPA_MAIL_WEB_PORT: '12080',
};

// Addresses a caller may have exported for the shared instance must not leak into the private run.
const inherited = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) =>
      !['KAFKA_BROKERS', 'REDIS_URL', 'SMTP_URL', 'MAIL_INBOX_URL', 'PG_ADMIN_URL', 'DATABASE_URL'].includes(
        name,
      ),
  ),
);

const child = spawn(process.execPath, [path.join(here, 'harness.mjs')], {
  cwd: root,
  env: { ...inherited, ...PRIVATE_INFRA_ENV },
  stdio: 'inherit',
});
const limit = setTimeout(() => {
  console.error(`fleet: over ${TIME_LIMIT_MS / 60_000} minutes, stopping`);
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 90_000).unref();
}, TIME_LIMIT_MS);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => {
  clearTimeout(limit);
  process.exitCode = code ?? (signal ? 1 : 0);
});
