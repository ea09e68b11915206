// Runs a harness on a PRIVATE infrastructure (its own Postgres, Redis, Kafka and SMTP sink on other
// ports, state in a data dir of its own), never the shared one: the fault experiments (npm run
// test:faults) and the replicated fleet (npm run test:fleet) stop and restart brokers, databases and
// processes. env.mjs reads its ports and data dir at import, so the harness runs in a child process
// whose environment carries them; the harness brings that infrastructure up and takes it down. Bounded:
// past the time limit the child gets SIGTERM, and SIGKILL 90 s later.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Not env.mjs's repoRoot(): importing env.mjs here would read (and check) the caller's own settings.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// Addresses a caller may have exported for the shared instance must not leak into the private run.
const SHARED_ADDRESSES = [
  'KAFKA_BROKERS',
  'REDIS_URL',
  'SMTP_URL',
  'MAIL_INBOX_URL',
  'PG_ADMIN_URL',
  'DATABASE_URL',
];

/**
 * Starts `harness` (a script path) with the environment `env` (SPA_DATA_DIR and the SPA_*_PORT settings
 * of the private instance), passes SIGINT and SIGTERM on as SIGTERM, and sets this process's exit code
 * from the harness's (1 when a signal ended it). Resolves with that exit code.
 * @param {{ name: string, harness: string, env: Record<string, string>, timeLimitMs: number }} options
 *   name: how the time-limit message names the run ("faults", "fleet").
 * @returns {Promise<number>}
 */
export function runWithPrivateInfra({ name, harness, env, timeLimitMs }) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([variable]) => !SHARED_ADDRESSES.includes(variable)),
  );
  const child = spawn(process.execPath, [harness], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: 'inherit',
  });
  const limit = setTimeout(() => {
    console.error(`${name}: over ${timeLimitMs / 60_000} minutes, stopping`);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 90_000).unref();
  }, timeLimitMs);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      clearTimeout(limit);
      const exitCode = code ?? (signal ? 1 : 0);
      process.exitCode = exitCode;
      resolve(exitCode);
    });
  });
}
