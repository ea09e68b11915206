// Starts a throwaway stack for the browser tests: every service on free ports with fresh, empty
// databases of its own (so two runs on one machine never meet), and the gateway serving the built
// SPA. Stopped, and its databases dropped, when the run ends.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { dataDir, infraEnv } from '../../infra/local/env.mjs';
import { discoverServices, startStack } from '../../infra/local/stack.mjs';

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
async function freePortBase() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 450) * 20;
    const ports = [...Array.from({ length: 7 }, (_, offset) => base + offset), base + 10];
    if ((await Promise.all(ports.map(portIsFree))).every(Boolean)) return base;
  }
  throw new Error('no free block of ports for the browser-test stack');
}

async function dropDatabases(prefix) {
  const client = new pg.Client({ connectionString: infraEnv().PG_ADMIN_URL });
  await client.connect();
  try {
    for (const name of discoverServices())
      await client.query(`drop database if exists ${prefix}_${name} with (force)`);
  } finally {
    await client.end();
  }
}

export default async function setup({ provide }) {
  const base = await freePortBase();
  const prefix = `e2e_${randomBytes(3).toString('hex')}`;
  const stack = await startStack({
    portBase: base,
    gatewayPort: base,
    // Links in emails must open on the origin the browser tests use (127.0.0.1, not localhost).
    publicUrl: `http://127.0.0.1:${base}`,
    freshDatabases: prefix,
    logDir: path.join(dataDir(), 'logs', prefix),
    quiet: true,
    env: {
      NODE_ENV: 'test',
      // Its own topics and consumer groups: events never cross into another stack on this broker.
      KAFKA_NAMESPACE: prefix,
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '1000',
      PASSWORD_RATE_LIMIT_MAX: '1000',
    },
  });
  console.log(
    `browser-test stack: ${stack.url} (services ${stack.services.join(', ') || 'none'}; logs .data/logs/${prefix})`,
  );
  provide('baseUrl', stack.url);
  return async () => {
    await stack.stop();
    await dropDatabases(prefix);
  };
}
