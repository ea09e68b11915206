import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, testInfra, testServiceKeyEnv } from '@spa/kit/testing';

const commerceMain = fileURLToPath(new URL('../../../commerce/dist/main.js', import.meta.url));

export const SANDBOX_SECRETS = {
  keyId: 'rzp_test_sandbox',
  keySecret: 'sandbox_key_secret',
  webhookSecret: 'sandbox_webhook_secret',
};

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

export const commerceIsBuilt = () => existsSync(commerceMain);

/**
 * The real commerce service (its built bundle, `npm run build -w @spa/commerce`) as its own process,
 * on a fresh database, in the caller's Kafka namespace, talking to the given Razorpay sandbox. Its output is kept and shown if it fails to start.
 */
export async function startCommerce(options: {
  port?: number;
  namespace: string;
  razorpayUrl: string;
  jwksUrl: string;
}): Promise<{ url: string; output(): string; stop(): Promise<void> }> {
  const database = await createTestDatabase('booking_commerce');
  const port = options.port ?? (await freePort());
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [commerceMain], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ...testServiceKeyEnv('commerce'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL:
        process.env.TEST_LOG_LEVEL === 'silent' || !process.env.TEST_LOG_LEVEL
          ? 'warn'
          : process.env.TEST_LOG_LEVEL,
      DATABASE_URL: database.url,
      KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
      KAFKA_NAMESPACE: options.namespace,
      REDIS_URL: testInfra.redisUrl,
      JWKS_URL: options.jwksUrl,
      CATALOGUE_URL: 'http://127.0.0.1:9',
      RAZORPAY_API_URL: options.razorpayUrl,
      RAZORPAY_CHECKOUT_URL: `${options.razorpayUrl}/v1/checkout.js`,
      RAZORPAY_KEY_ID: SANDBOX_SECRETS.keyId,
      RAZORPAY_KEY_SECRET: SANDBOX_SECRETS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: SANDBOX_SECRETS.webhookSecret,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`commerce exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`commerce did not start within 60 s:\n${output}`);
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
