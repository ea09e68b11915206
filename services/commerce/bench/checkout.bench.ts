// npm run bench:checkout — orders placed per second and checkout latency at a fixed concurrency, with
// real stock reservation: the built commerce and catalogue services as child processes (each on a fresh
// database, sharing one Kafka namespace), every POST /orders reserving stock through the catalogue's
// internal API. Each virtual customer adds a product to its cart and checks out (COD), again and again.
// Needs `npm run build` (commerce and catalogue) and the local infrastructure.
// BENCH_RATE=100 offers orders at a fixed rate instead (open loop: order i is due at start + i / rate,
// placed by whichever customer is free, and its latency counts from when it was due).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createTestDatabase,
  serveTestJwks,
  signTestToken,
  testInfra,
  testServiceKeyEnv,
  uniqueName,
} from '@spa/kit/testing';
import { freePort, startCatalogueProcess } from '../test/support/catalogue-process.js';

const rate = Number(process.env.BENCH_RATE ?? 0);
// At a fixed rate, enough customers that one is free when an order is due.
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? (rate > 0 ? 64 : 16));
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const productCount = 10;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function waitFor(url: string, child: ChildProcess, name: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer ${url}`);
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Shopper {
  token: string;
  addressId: string;
}

/**
 * One request over a kept-alive connection (node:http, as the booking storm sends them). The bench's
 * customers share this machine's two cores with the services: fetch (undici) cost the generator about
 * 15% of a core at 150 orders/s, CPU the services measured here could not have.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function call(
  base: string,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${route}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
}

const kafkaNamespace = uniqueName('bench-checkout');
const jwks = await serveTestJwks();
const catalogue = await startCatalogueProcess({ kafkaNamespace, jwksUrl: jwks.url });
const database = await createTestDatabase('commerce_bench');
let commerce: ChildProcess | undefined;
let exitCode = 0;
try {
  const entry = path.join(root, 'services/commerce/dist/main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build -w @spa/commerce first`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", goes to the commerce process.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  commerce = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // Signs its reservation calls to the catalogue, as in production.
      ...testServiceKeyEnv('commerce'),
      PORT: String(port),
      DATABASE_URL: database.url,
      KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
      KAFKA_NAMESPACE: kafkaNamespace,
      REDIS_URL: testInfra.redisUrl,
      JWKS_URL: jwks.url,
      CATALOGUE_URL: catalogue.url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${base}/readyz`, commerce, 'commerce');

  console.log(
    `bench:checkout — ${productCount} products, ${concurrency} customers, ${seconds} s after ${warmupSeconds} s warm-up`,
  );
  const products = await Promise.all(
    Array.from({ length: productCount }, (_, index) =>
      catalogue.createProduct({ name: `Bench Oil ${index + 1}`, price: 499 + index, stock: 1_000_000 }),
    ),
  );
  const shoppers: Shopper[] = await Promise.all(
    Array.from({ length: concurrency }, async (_, index) => {
      const token = await signTestToken({
        role: 'user',
        name: `Bench Customer ${index + 1}`,
        email: `bench${index}@example.com`,
      });
      const address = await call(base, token, 'POST', '/addresses', {
        label: 'Home',
        fullName: `Bench Customer ${index + 1}`,
        phone: '+91 98765 43210',
        street: '12 MG Road',
        city: 'Indore',
        state: 'Madhya Pradesh',
        postalCode: '452010',
        country: 'India',
      });
      return { token, addressId: (JSON.parse(address.body) as { _id: string })._id };
    }),
  );
  // Commerce knows a product once the catalogue's event reached its mirror.
  for (const product of products) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const added = await call(base, shoppers[0]!.token, 'POST', '/cart', { product: product._id });
      if (added.status < 300) break;
      if (Date.now() > deadline)
        throw new Error(`product ${product._id} never reached commerce: ${added.body}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const cart = JSON.parse((await call(base, shoppers[0]!.token, 'GET', '/cart')).body) as {
    items: { _id: string }[];
  };
  for (const item of cart.items) await call(base, shoppers[0]!.token, 'DELETE', `/cart/${item._id}`);

  const latencies: number[] = [];
  /** [due, took] of each order at a fixed rate (ms from the phase's start), for BENCH_TIMELINE. */
  const timeline: [number, number][] = [];
  let placed = 0;
  let failed = 0;
  let measuring = false;
  const firstFailures: string[] = [];
  const run = async (shopper: Shopper, until: number) => {
    while (performance.now() < until) {
      const product = products[Math.floor(Math.random() * products.length)]!;
      const added = await call(base, shopper.token, 'POST', '/cart', { product: product._id, quantity: 1 });
      const started = performance.now();
      const answer =
        added.status < 300
          ? await call(base, shopper.token, 'POST', '/orders', {
              paymentMethod: 'COD',
              shippingAddress: { _id: shopper.addressId },
            })
          : added;
      const elapsed = performance.now() - started;
      if (!measuring) continue;
      if (answer.status === 201) {
        placed++;
        latencies.push(elapsed);
      } else {
        failed++;
        if (firstFailures.length < 3) firstFailures.push(`${answer.status} ${answer.body}`);
      }
    }
  };
  // Fixed rate: each shopper keeps one product in the cart while it waits to be picked (from one phase
  // to the next too); an order due finds the first free shopper (waiting for one counts in its latency).
  const withCart = new Set<Shopper>();
  const offerOrders = async (until: number) => {
    const free: Shopper[] = [];
    const waiting: ((shopper: Shopper) => void)[] = [];
    const release = (shopper: Shopper) => {
      const next = waiting.shift();
      if (next) next(shopper);
      else free.push(shopper);
    };
    const fill = async (shopper: Shopper) => {
      if (!withCart.has(shopper)) {
        const product = products[Math.floor(Math.random() * products.length)]!;
        await call(base, shopper.token, 'POST', '/cart', { product: product._id, quantity: 1 });
        withCart.add(shopper);
      }
      release(shopper);
    };
    await Promise.all(shoppers.map(fill));
    const inFlight = new Set<Promise<void>>();
    const startedAt = performance.now();
    for (let n = 0; ; n++) {
      const due = startedAt + (n * 1000) / rate;
      if (due >= until) break;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const order = (async () => {
        const shopper = free.shift() ?? (await new Promise<Shopper>((resolve) => waiting.push(resolve)));
        withCart.delete(shopper);
        const answer = await call(base, shopper.token, 'POST', '/orders', {
          paymentMethod: 'COD',
          shippingAddress: { _id: shopper.addressId },
        });
        const elapsed = performance.now() - due;
        if (measuring && answer.status === 201) {
          placed++;
          latencies.push(elapsed);
          timeline.push([due - startedAt, elapsed]);
        } else if (measuring) {
          failed++;
          if (firstFailures.length < 3) firstFailures.push(`${answer.status} ${answer.body}`);
        }
        await fill(shopper);
      })().finally(() => inFlight.delete(order));
      inFlight.add(order);
    }
    await Promise.all(inFlight);
  };
  const load = (until: number) =>
    rate > 0 ? offerOrders(until) : Promise.all(shoppers.map((shopper) => run(shopper, until)));
  await load(performance.now() + warmupSeconds * 1000);
  const stockBefore = await Promise.all(products.map((product) => catalogue.productStock(product._id)));
  measuring = true;
  const started = performance.now();
  await load(started + seconds * 1000);
  const elapsedSeconds = (performance.now() - started) / 1000;
  const stockAfter = await Promise.all(products.map((product) => catalogue.productStock(product._id)));
  const reserved = stockBefore.reduce((sum, stock, index) => sum + stock - stockAfter[index]!, 0);

  const result = {
    concurrency,
    offeredPerSecond: rate > 0 ? rate : null,
    seconds: Number(elapsedSeconds.toFixed(1)),
    ordersPlaced: placed,
    ordersPerSecond: Number((placed / elapsedSeconds).toFixed(1)),
    checkoutMs: {
      p50: Number(percentile(latencies, 50).toFixed(1)),
      p95: Number(percentile(latencies, 95).toFixed(1)),
      p99: Number(percentile(latencies, 99).toFixed(1)),
      max: Number(percentile(latencies, 100).toFixed(1)),
    },
    failed,
    unitsReservedAtCatalogue: reserved,
  };
  console.log(
    `\n  POST /orders (COD, ${rate > 0 ? `offered at ${rate}/s to ${concurrency} customers` : `${concurrency} concurrent customers`}, each line reserved at the catalogue)\n` +
      `    ${result.ordersPerSecond} orders/s (${placed} in ${result.seconds} s), failed ${failed}\n` +
      `    latency p50 ${result.checkoutMs.p50} ms, p95 ${result.checkoutMs.p95} ms, p99 ${result.checkoutMs.p99} ms, max ${result.checkoutMs.max} ms\n` +
      `    catalogue stock taken while measuring: ${reserved} units for ${placed} one-unit orders${reserved === placed ? ' (consistent)' : ' (MISMATCH)'}`,
  );
  if (firstFailures.length > 0) console.log(`    first failures: ${firstFailures.join(' | ')}`);
  // Orders by when they were due (500 ms buckets): whether the slow ones come together, and when.
  if (process.env.BENCH_TIMELINE && timeline.length > 0) {
    const buckets = new Map<number, number[]>();
    for (const [due, took] of timeline) {
      const bucket = Math.floor(due / 500);
      buckets.set(bucket, [...(buckets.get(bucket) ?? []), took]);
    }
    for (const [bucket, took] of [...buckets].sort((a, b) => a[0] - b[0]))
      console.log(
        `    due ${bucket * 500}-${bucket * 500 + 499} ms: ${took.length} orders, p50 ${percentile(took, 50).toFixed(0)} ms, max ${percentile(took, 100).toFixed(0)} ms`,
      );
  }
  console.log(`\n${JSON.stringify(result)}`);
  if (reserved !== placed || failed > 0) exitCode = 1;
} finally {
  agent.destroy();
  await stop(commerce);
  await catalogue.close();
  await jwks.close();
  await database.drop();
}
process.exit(exitCode);
