// npm run bench:checkout — orders placed per second and checkout latency at a fixed concurrency, with
// real stock reservation: the built commerce and catalogue services as child processes (each on a fresh
// database, sharing one Kafka namespace), every POST /orders reserving stock through the catalogue's
// internal API. Each virtual customer adds a product to its cart and checks out (COD), again and again.
// Needs `npm run build` (commerce and catalogue) and the local infrastructure.
// BENCH_RATE=100 offers orders at a fixed rate instead (open loop: order i is due at start + i / rate,
// placed by whichever customer is free, and its latency counts from when it was due).
// BENCH_STOCK=20 sells out instead: each product starts with that many units, there is no warm-up, and
// the customers order until every product is gone (and a second more), emptying the cart after each
// refusal as a customer would. It proves that stock running out under load oversells nothing (units in
// placed orders = units the catalogue gave = the stock there was) and loses no order (every 201 is a
// placed order in commerce's database, and no order is placed that was not answered 201). A checkout
// whose reservation call timed out (503, the customer is asked to try again) holds its units until
// commerce's sweeper releases them (after 20 s here): the sell-out ends only once none is held so.
// Every mode checks: the orders placed in commerce's database while measuring = the 201s = the units the
// catalogue's stock went down by; the process exits 1 when they differ or anything else was answered.
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
  testSecretEnv,
  testServiceKeyEnv,
  uniqueName,
} from '@spa/kit/testing';
import { connectDatabase } from '@spa/kit';
import { freePort, startCatalogueProcess } from '../test/support/catalogue-process.js';

const rate = Number(process.env.BENCH_RATE ?? 0);
/** Units of each product in the sell-out mode (0: the usual bench, stock that never runs out). */
const stockEach = Number(process.env.BENCH_STOCK ?? 0);
const sellOut = stockEach > 0;
/** The longest a sell-out may take before it is judged as not sold out. */
const sellOutLimitSeconds = Number(process.env.BENCH_SELL_OUT_LIMIT_SECONDS ?? 120);
// At a fixed rate, enough customers that one is free when an order is due.
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? (rate > 0 ? 64 : 16));
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
// Selling out has no warm-up: it would sell the stock the measured phase is to sell.
const warmupSeconds = sellOut ? 0 : Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 10);
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
const commerceDb = connectDatabase(database.url, { max: 2 });
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
      // The secrets it refuses to start without (no defaults anywhere), fresh for this run.
      ...testSecretEnv,
      PORT: String(port),
      DATABASE_URL: database.url,
      KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
      KAFKA_NAMESPACE: kafkaNamespace,
      REDIS_URL: testInfra.redisUrl,
      JWKS_URL: jwks.url,
      CATALOGUE_URL: catalogue.url,
      LOG_LEVEL: 'warn',
      ...(sellOut ? { ABANDONED_CHECKOUT_SECONDS: '20', PAYMENT_SWEEP_INTERVAL_MS: '1000' } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${base}/readyz`, commerce, 'commerce');

  console.log(
    sellOut
      ? `bench:checkout, selling out — ${productCount} products of ${stockEach} units each, ${concurrency} customers ordering one unit at a time until none is left`
      : `bench:checkout — ${productCount} products, ${concurrency} customers, ${seconds} s after ${warmupSeconds} s warm-up`,
  );
  const products = await Promise.all(
    Array.from({ length: productCount }, (_, index) =>
      catalogue.createProduct({
        name: `Bench Oil ${index + 1}`,
        price: 499 + index,
        stock: sellOut ? stockEach : 1_000_000,
      }),
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
  /** Refused as out of stock (409 INSUFFICIENT_STOCK, at the cart or at checkout): selling out only. */
  let outOfStock = 0;
  /** Of those, refused by the catalogue's reservation at checkout (the cart had let the line in). */
  let outOfStockAtCheckout = 0;
  /** Answered 503 "try again" (the catalogue not reached in time) while selling out. */
  let unavailable = 0;
  /** The ids of the orders answered 201 while measuring. */
  const placedIds = new Set<string>();
  let measuring = false;
  const firstFailures: string[] = [];
  /** Set once every product's stock at the catalogue is 0 (selling out). */
  let soldOutAt: number | undefined;
  const emptyCart = async (shopper: Shopper) => {
    const cart = JSON.parse((await call(base, shopper.token, 'GET', '/cart')).body) as {
      items?: { _id: string }[];
    };
    for (const item of cart.items ?? []) await call(base, shopper.token, 'DELETE', `/cart/${item._id}`);
  };
  const keepGoing = (until: number) =>
    sellOut
      ? (soldOutAt === undefined || performance.now() < soldOutAt + 1_000) && performance.now() < until
      : performance.now() < until;
  const run = async (shopper: Shopper, until: number) => {
    while (keepGoing(until)) {
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
        placedIds.add((JSON.parse(answer.body) as { order: { _id: string } }).order._id);
      } else if (sellOut && answer.status === 409 && answer.body.includes('"INSUFFICIENT_STOCK"')) {
        outOfStock++;
        if (added.status < 300) outOfStockAtCheckout++;
        // The sold-out line leaves the cart, so that the next order is again of one unit.
        await emptyCart(shopper);
      } else if (sellOut && answer.status === 503) {
        unavailable++;
        if (firstFailures.length < 3) firstFailures.push(`${answer.status} ${answer.body}`);
        await emptyCart(shopper);
      } else {
        failed++;
        if (firstFailures.length < 3) firstFailures.push(`${answer.status} ${answer.body}`);
        if (sellOut) await emptyCart(shopper);
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
          placedIds.add((JSON.parse(answer.body) as { order: { _id: string } }).order._id);
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
    rate > 0 && !sellOut ? offerOrders(until) : Promise.all(shoppers.map((shopper) => run(shopper, until)));
  /** Orders placed (and their units) in commerce's own table: what the 201s must match. */
  const placedInDatabase = async () => {
    const { rows } = await commerceDb.pool.query<{ orders: number; units: number; reserving: number }>(
      `select (select count(*)::int from orders where status = 'placed') as orders,
              (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
                where o.status = 'placed') as units,
              (select count(*)::int from orders where status = 'reserving') as reserving`,
    );
    return rows[0]!;
  };
  await load(performance.now() + warmupSeconds * 1000);
  const stockBefore = await Promise.all(products.map((product) => catalogue.productStock(product._id)));
  const databaseBefore = await placedInDatabase();
  measuring = true;
  const started = performance.now();
  // Selling out: the catalogue's stock, watched until nothing is left.
  const watcher = (async () => {
    while (sellOut && soldOutAt === undefined && performance.now() < started + sellOutLimitSeconds * 1000) {
      const left = await Promise.all(products.map((product) => catalogue.productStock(product._id)));
      if (left.every((stock) => stock <= 0) && (await placedInDatabase()).reserving === 0)
        soldOutAt = performance.now();
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  await load(started + (sellOut ? sellOutLimitSeconds : seconds) * 1000);
  await watcher;
  const elapsedSeconds = (performance.now() - started) / 1000;
  const stockAfter = await Promise.all(products.map((product) => catalogue.productStock(product._id)));
  const reserved = stockBefore.reduce((sum, stock, index) => sum + stock - stockAfter[index]!, 0);
  const databaseAfter = await placedInDatabase();
  const ordersInDatabase = databaseAfter.orders - databaseBefore.orders;
  const unitsInOrders = databaseAfter.units - databaseBefore.units;
  // Lost: answered 201 but not a placed order; unannounced: placed, but nobody was told.
  const { rows: placedRows } = await commerceDb.pool.query<{ id: string }>(
    `select id::text as id from orders where status = 'placed'`,
  );
  const placedInTable = new Set(placedRows.map((row) => row.id));
  const ordersLost = [...placedIds].filter((id) => !placedInTable.has(id)).length;
  const initialStock = stockBefore.reduce((sum, stock) => sum + stock, 0);
  const stockLeft = stockAfter.reduce((sum, stock) => sum + stock, 0);
  // Units given beyond the stock there was (a negative stock, or more units ordered than it held).
  const oversold = Math.max(0, unitsInOrders - initialStock, -Math.min(0, ...stockAfter));
  const consistent =
    reserved === placed &&
    unitsInOrders === placed &&
    ordersInDatabase === placed &&
    placedIds.size === placed &&
    ordersLost === 0 &&
    databaseAfter.reserving === 0 &&
    stockAfter.every((stock) => stock >= 0);

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
    ordersInDatabase,
    unitsInOrders,
    ordersLost,
    ordersReservingLeft: databaseAfter.reserving,
    consistent,
    ...(sellOut
      ? {
          initialStock,
          stockLeft,
          outOfStock,
          outOfStockAtCheckout,
          unavailable,
          soldOut: stockLeft === 0,
          oversold,
        }
      : {}),
  };
  console.log(
    `\n  POST /orders (COD, ${rate > 0 ? `offered at ${rate}/s to ${concurrency} customers` : `${concurrency} concurrent customers`}, each line reserved at the catalogue)\n` +
      `    ${result.ordersPerSecond} orders/s (${placed} in ${result.seconds} s), failed ${failed}\n` +
      `    latency p50 ${result.checkoutMs.p50} ms, p95 ${result.checkoutMs.p95} ms, p99 ${result.checkoutMs.p99} ms, max ${result.checkoutMs.max} ms\n` +
      `    catalogue stock taken while measuring: ${reserved} units for ${placed} one-unit orders answered 201; commerce's table: ${ordersInDatabase} orders placed holding ${unitsInOrders} units, ${ordersLost} of the 201s missing, ${databaseAfter.reserving} left reserving${consistent ? ' (consistent)' : ' (MISMATCH)'}`,
  );
  if (sellOut)
    console.log(
      `    sold out: ${stockLeft === 0 ? 'yes' : `NO, ${stockLeft} units left`} — ${initialStock} units in stock, ${placed} orders accepted, ${outOfStock} refused as out of stock (409; ${outOfStockAtCheckout} of them at checkout, by the catalogue's reservation), ${unavailable} answered 503 try again, oversold ${oversold}`,
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
  if (!consistent || failed > 0 || (sellOut && stockLeft !== 0)) exitCode = 1;
} finally {
  agent.destroy();
  await stop(commerce);
  await commerceDb.close();
  await catalogue.close();
  await jwks.close();
  await database.drop();
}
process.exit(exitCode);
