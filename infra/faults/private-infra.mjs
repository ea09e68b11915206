// The fault experiments' own infrastructure: a second Postgres, Redis, Kafka and maildev on other
// ports with state under .data/faults/infra, so stopping a broker or a database here never touches the
// shared instance other people's tests use. env.mjs reads its settings at import, so this module must
// be loaded in a process whose environment already carries PRIVATE_INFRA_ENV (run.mjs does that).
import { bringDown, bringUp, inspect } from '../local/lib/lifecycle.mjs';
import { dataDir, PORTS } from '../local/env.mjs';
import { ensureBaseDirs } from '../local/lib/paths.mjs';
import { postgres } from '../local/lib/postgres.mjs';
import { redis } from '../local/lib/redis.mjs';
import { kafka } from '../local/lib/kafka.mjs';
import { maildev } from '../local/lib/maildev.mjs';

export const COMPONENTS = { postgres, redis, kafka, maildev };

/** @typedef {keyof typeof COMPONENTS} ComponentName */

const SHARED_PORTS = [55432, 56379, 9092, 9093, 1025, 1080];

/** Refuses to run against the shared instance: every stop below would hit other people's tests. */
export function assertPrivate() {
  const ports = Object.values(PORTS);
  const clash = ports.filter((port) => SHARED_PORTS.includes(port));
  if (clash.length > 0 || !process.env.SPA_DATA_DIR) {
    throw new Error(
      `refusing to run: the fault harness needs its private infrastructure (SPA_DATA_DIR and SPA_*_PORT), ` +
        `got data dir ${dataDir()} and ports ${ports.join(', ')}`,
    );
  }
}

/** Starts every private component that is not running (in parallel); resolves with what happened. */
export async function privateInfraUp() {
  assertPrivate();
  ensureBaseDirs();
  const names = /** @type {ComponentName[]} */ (Object.keys(COMPONENTS));
  const results = await Promise.all(names.map((name) => bringUp(COMPONENTS[name])));
  return Object.fromEntries(
    names.map((name, index) => [name, /** @type {(typeof results)[number]} */ (results[index])]),
  );
}

export async function privateInfraDown() {
  assertPrivate();
  const names = /** @type {ComponentName[]} */ (Object.keys(COMPONENTS));
  return Promise.allSettled(names.map((name) => bringDown(COMPONENTS[name])));
}

/**
 * Stops one private component by its own pid file (Kafka, Postgres or Redis of this instance only).
 * @param {ComponentName} name
 */
export async function stopComponent(name) {
  assertPrivate();
  return bringDown(COMPONENTS[name]);
}

/**
 * @param {ComponentName} name
 */
export async function startComponent(name) {
  assertPrivate();
  return bringUp(COMPONENTS[name]);
}

export const componentState = (/** @type {ComponentName} */ name) => inspect(COMPONENTS[name]);
