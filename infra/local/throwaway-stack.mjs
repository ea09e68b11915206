// A throwaway stack: every service on a free block of ports with fresh, empty databases of its own and
// its own Kafka topics, so two runs on one machine never meet. Used by the browser tests, the load
// benchmark, the fault experiments and the security checks.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { dataDir, infraEnv } from './env.mjs';
import { discoverServices, startStack } from './stack.mjs';

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A block of twenty ports, free where the stack listens: the gateway at base, services at base+1..6,
 * the Razorpay sandbox at base+10 (blocks never overlap, so two runs never share a sandbox port).
 */
export async function freePortBase() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 450) * 20;
    const ports = [...Array.from({ length: 7 }, (_, offset) => base + offset), base + 10];
    if ((await Promise.all(ports.map(portIsFree))).every(Boolean)) return base;
  }
  throw new Error('no free block of ports for a throwaway stack');
}

/**
 * @param {string} prefix
 * @param {string} adminUrl
 */
async function dropDatabases(prefix, adminUrl) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const name of discoverServices())
      await client.query(`drop database if exists ${prefix}_${name} with (force)`);
  } finally {
    await client.end();
  }
}

/** @typedef {Awaited<ReturnType<typeof startThrowawayStack>>} ThrowawayStack */

/** Rate limits high enough that a test or a load run measures the platform, not the limiter. */
export const RELAXED_RATE_LIMITS = Object.freeze({
  RATE_LIMIT_MAX: '100000',
  AUTH_RATE_LIMIT_MAX: '1000',
  PASSWORD_RATE_LIMIT_MAX: '1000',
});

/**
 * @param {{ name: string, env?: Record<string, string>, quiet?: boolean }} options
 *   name: a short word (e2e, load, faults, security) that starts the database prefix and the log folder.
 * @returns the started stack plus `prefix`, `portBase`, `logDir` and `dispose()` (stops it and drops its
 *   databases).
 */
export async function startThrowawayStack({ name, env = {}, quiet = true }) {
  const portBase = await freePortBase();
  const prefix = `${name}_${randomBytes(3).toString('hex')}`;
  const logDir = path.join(dataDir(), 'logs', prefix);
  const stack = await startStack({
    portBase,
    gatewayPort: portBase,
    // Links in emails must open on the origin the clients use (127.0.0.1, not localhost).
    publicUrl: `http://127.0.0.1:${portBase}`,
    freshDatabases: prefix,
    logDir,
    quiet,
    env: {
      NODE_ENV: 'test',
      // Its own topics and consumer groups: events never cross into another stack on this broker.
      KAFKA_NAMESPACE: prefix,
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  const adminUrl = infraEnv().PG_ADMIN_URL;
  return {
    ...stack,
    prefix,
    portBase,
    logDir,
    dispose: async () => {
      await stack.stop();
      await dropDatabases(prefix, adminUrl);
    },
  };
}
