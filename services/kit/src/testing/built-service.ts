import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createTestDatabase, testInfra, testSecretEnv, testServiceKeyEnv } from './helpers.js';

/** A port nobody listens on right now (the kernel's pick, released again). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface BuiltServiceOptions {
  /** The service's name (its signing key and the database's label). */
  service: string;
  /** Its built bundle, e.g. services/commerce/dist/main.js (`npm test` builds it first). */
  main: string;
  /** The test database's label: one of its own per test file. */
  databaseLabel: string;
  /** The Kafka namespace of the test it joins (its topics). */
  namespace?: string;
  port?: number;
  /** Asked until it answers 200: /readyz once its dependencies are up, /healthz once it listens. */
  readyPath?: '/readyz' | '/healthz';
  /** What the service needs besides the database, Kafka, Redis and its key. */
  env?: Record<string, string>;
}

export interface BuiltService {
  url: string;
  /** What it printed so far (shown when it fails to start). */
  output(): string;
  /** SIGTERM (SIGKILL after 10 s), then its database is dropped. */
  stop(): Promise<void>;
}

/**
 * Another service of ours, for real, as its own process: its built bundle on a fresh database of its
 * own, in the caller's Kafka namespace, on the shared test Redis. A test then meets it exactly as in
 * production (its HTTP API, its events through Kafka), never a copy of its code.
 */
export async function startBuiltService(options: BuiltServiceOptions): Promise<BuiltService> {
  if (!existsSync(options.main))
    throw new Error(`${options.main} is missing: run npm run build -w @spa/${options.service} first`);
  const database = await createTestDatabase(options.databaseLabel);
  const port = options.port ?? (await freePort());
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [options.main], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ...testSecretEnv,
      ...testServiceKeyEnv(options.service),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL:
        process.env.TEST_LOG_LEVEL === 'silent' || !process.env.TEST_LOG_LEVEL
          ? 'warn'
          : process.env.TEST_LOG_LEVEL,
      DATABASE_URL: database.url,
      KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
      ...(options.namespace ? { KAFKA_NAMESPACE: options.namespace } : {}),
      REDIS_URL: testInfra.redisUrl,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const readyPath = options.readyPath ?? '/healthz';
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await database.drop().catch(() => undefined);
      throw new Error(`${options.service} exited with ${child.exitCode}:\n${output}`);
    }
    const ready = await fetch(`${url}${readyPath}`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await database.drop().catch(() => undefined);
      throw new Error(`${options.service} was not ready (${readyPath}) within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await database.drop();
    },
  };
}
