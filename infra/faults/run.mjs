#!/usr/bin/env node
// npm run test:faults — the fault experiments of issue #8 on a PRIVATE infrastructure (its own Postgres,
// Redis, Kafka and maildev on other ports, state in .data/faults/infra), never the shared one: they stop
// and restart brokers and databases. infra/local/env.mjs reads its ports and data dir at import, so the
// experiments run in a child process whose environment carries them. Bounded: 12 minutes at most.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const TIME_LIMIT_MS = 12 * 60_000;

export const PRIVATE_INFRA_ENV = {
  SPA_DATA_DIR: path.join(root, '.data', 'faults', 'infra'),
  SPA_PG_PORT: '56432',
  SPA_REDIS_PORT: '57379',
  SPA_KAFKA_PORT: '19092',
  SPA_KAFKA_CONTROLLER_PORT: '19093',
  SPA_SMTP_PORT: '11025',
  SPA_MAIL_WEB_PORT: '11080',
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
  console.error(`faults: over ${TIME_LIMIT_MS / 60_000} minutes, stopping`);
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 90_000).unref();
}, TIME_LIMIT_MS);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => {
  clearTimeout(limit);
  process.exitCode = code ?? (signal ? 1 : 0);
});
