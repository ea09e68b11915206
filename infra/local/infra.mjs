#!/usr/bin/env node
// Local infrastructure without Docker: PostgreSQL, Redis, Kafka and an SMTP sink
// as plain processes, with state under .data/ (or SPA_DATA_DIR).
//
//   node infra/local/infra.mjs up             start whatever is not running, wait until ready
//   node infra/local/infra.mjs down [--wipe]  stop everything; --wipe also deletes the data dir
//   node infra/local/infra.mjs status         exit code 0 only when everything is up
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './env.mjs';
import { kafka } from './lib/kafka.mjs';
import { bringDown, bringUp, inspect } from './lib/lifecycle.mjs';
import { withLock } from './lib/lock.mjs';
import { runAsMain } from './lib/main.mjs';
import { maildev } from './lib/maildev.mjs';
import { ensureBaseDirs, runDir } from './lib/paths.mjs';
import { postgres } from './lib/postgres.mjs';
import { redis } from './lib/redis.mjs';
import { ensureSystemPackages } from './setup.mjs';

export const COMPONENTS = [postgres, redis, kafka, maildev];

const lockFile = () => path.join(runDir(), 'infra.lock');

/**
 * @param {Array<Record<string, string | number | null | undefined>>} rows
 */
function printTable(rows) {
  const header = { component: 'COMPONENT', state: 'STATE', address: 'ADDRESS', pid: 'PID' };
  const columns = Object.keys(header);
  /** @type {Array<Record<string, string | number | null | undefined>>} */
  const all = [header, ...rows];
  const widths = columns.map((column) => Math.max(...all.map((row) => String(row[column] ?? '').length)));
  for (const row of all) {
    console.log(
      columns
        .map((column, index) => String(row[column] ?? '').padEnd(/** @type {number} */ (widths[index])))
        .join('  ')
        .trimEnd(),
    );
  }
}

/**
 * @param {import('./lib/lifecycle.mjs').Component} component
 * @param {unknown} reason
 */
function describeFailure(component, reason) {
  return `${component.name}: ${reason instanceof Error ? reason.message : reason}`;
}

/** Starts every component that is not running (in parallel). Resolves true when all are up. */
export async function up() {
  ensureBaseDirs();
  return withLock(lockFile(), async () => {
    ensureSystemPackages();
    const results = await Promise.allSettled(COMPONENTS.map(bringUp));
    printTable(
      COMPONENTS.map((component, index) => {
        const result = /** @type {(typeof results)[number]} */ (results[index]);
        const row = { component: component.name, address: component.address };
        if (result.status === 'rejected') return { ...row, state: 'FAILED' };
        const { value } = result;
        const state = value.outcome === 'started' ? `started in ${value.seconds.toFixed(1)}s` : 'running';
        return { ...row, state, pid: value.pid };
      }),
    );
    const failures = results.flatMap((result, index) =>
      result.status === 'rejected'
        ? [describeFailure(/** @type {(typeof COMPONENTS)[number]} */ (COMPONENTS[index]), result.reason)]
        : [],
    );
    for (const failure of failures) console.error(`\n${failure}`);
    return failures.length === 0;
  });
}

/** Stops every component; with `wipe`, deletes the data directory afterwards. */
export async function down({ wipe = false } = {}) {
  if (!existsSync(dataDir())) {
    console.log(`nothing to stop: ${dataDir()} does not exist`);
    return true;
  }
  ensureBaseDirs();
  return withLock(lockFile(), async () => {
    const results = await Promise.allSettled(COMPONENTS.map(bringDown));
    printTable(
      COMPONENTS.map((component, index) => ({
        component: component.name,
        state:
          /** @type {(typeof results)[number]} */ (results[index]).status === 'fulfilled'
            ? /** @type {PromiseFulfilledResult<string>} */ (results[index]).value
            : 'FAILED',
        address: component.address,
      })),
    );
    const failures = results.flatMap((result, index) =>
      result.status === 'rejected'
        ? [describeFailure(/** @type {(typeof COMPONENTS)[number]} */ (COMPONENTS[index]), result.reason)]
        : [],
    );
    for (const failure of failures) console.error(`\n${failure}`);
    if (failures.length > 0) {
      if (wipe) console.error(`\nnot wiping ${dataDir()} while something may still be running`);
      return false;
    }
    if (wipe) {
      rmSync(dataDir(), { recursive: true, force: true });
      console.log(`wiped ${dataDir()}`);
    }
    return true;
  });
}

/** Prints each component's state. Resolves true when all are up. */
export async function status() {
  const states = await Promise.all(COMPONENTS.map(inspect));
  printTable(
    COMPONENTS.map((component, index) => ({
      component: component.name,
      state: /** @type {(typeof states)[number]} */ (states[index]).ready
        ? 'up'
        : /** @type {(typeof states)[number]} */ (states[index]).alive
          ? 'starting'
          : 'down',
      address: component.address,
      pid: /** @type {(typeof states)[number]} */ (states[index]).pid,
    })),
  );
  return states.every((state) => state.ready);
}

/** @param {string[]} argv */
async function main([command, ...flags]) {
  switch (command) {
    case 'up':
      return up();
    case 'down':
      return down({ wipe: flags.includes('--wipe') });
    case 'status':
      return status();
    default:
      console.error('usage: node infra/local/infra.mjs up | down [--wipe] | status');
      return false;
  }
}

await runAsMain(import.meta.url, 'infra', main);
