// npm run bench:frontier — the signed-in path, the booking engine and checkout, each as a ratio to this
// machine's limit measured in the same run:
//   1. signed-in reads (GET /cart, /appointments/users/:id/appointments, /orders, /auth/me) through the
//      gateway with valid tokens, against a bare Fastify route serving the same JSON; where the time goes
//      (the service on its own, then through the gateway);
//   2. booking: 200 customers in a closed loop (npm run bench:booking, BENCH_THINK_MS=0), attempts/s as a
//      ratio to pgbench's simple-update commit rate; and its own consistency check: the appointments in
//      its database are the 201s, none overlapping;
//   3. checkout (cash on delivery, every line reserved at the catalogue): closed-loop orders/s and the p95
//      at a fixed 100 orders/s (npm run bench:checkout), the same ratio to pgbench; in both, the stock
//      the catalogue gave = the units in the orders placed = the 201s; then a sell-out (BENCH_STOCK: 200
//      units for 16 customers) that must end with every unit sold, none oversold and no order lost;
//   4. browse under mixed load: anonymous catalogue reads and signed-in reads half and half at 300 req/s.
// Every read check says what served it: the gateway's cache hit rate over the measured requests
// (gateway_cache_lookups_total on its /metrics), in `servedBy` and `cacheHitRate`.
// Prints each check with its reference and verdict, writes .data/bench/frontier.json shaped
// {"checks":[{"name","measured","reference","ratio","target","pass"}]} and exits 1 when any check is not
// met (a consistency check, a target, or a phase that crashed). On a throwaway stack of its own (fresh
// databases, its own topics); about ten minutes. BENCH_QUICK=1 shortens every phase;
// BENCH_ONLY=reads,booking,checkout,sellout,mixed runs some of them (checkout includes the sell-out;
// sellout alone is just that); BENCH_READS=cart,me narrows the reads (a word of each path);
// BENCH_PROFILE=1 writes a V8 CPU profile of every process of the stack (.data/bench/profiles;
// summarise with infra/load/profile-top.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDir, infraEnv, repoRoot } from '../local/env.mjs';
import { RELAXED_RATE_LIMITS, startThrowawayStack } from '../local/throwaway-stack.mjs';
import { closeClient, expectOk, mapLimit, request } from './client.mjs';
import { offer, percentile, saturate, saturateInTurns, throughput } from './http-load.mjs';
import { cacheHitRate, scrapeCacheLookups } from './metrics.mjs';

const root = repoRoot();
const quick = process.env.BENCH_QUICK === '1';
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 4 : 10));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const wanted = (/** @type {string} */ name) => !only || only.includes(name);
const readsWanted = process.env.BENCH_READS?.split(',').map((word) => word.trim());
const profile = process.env.BENCH_PROFILE === '1';
const here = path.dirname(fileURLToPath(import.meta.url));
const CUSTOMERS = 40;
const PASSWORD = 'Frontier-Lantern-Harbour-42';

/**
 * One verdict of the summary. A read through the gateway also says what served it: `servedBy` in words,
 * `cacheHitRate` the share of its measured requests the gateway answered from a cache (null when the
 * gateway showed no counters).
 * @typedef {{ name: string, measured: string, reference: string, ratio: number | null, target: string, pass: boolean,
 *   servedBy?: string, cacheHitRate?: number | null }} Check
 */
/** @type {Check[]} */
const checks = [];
/** @typedef {Awaited<ReturnType<typeof saturateInTurns>>[number]} TurnSample one target's windows, taken in turns */
const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
const round = (/** @type {number} */ value, digits = 3) => Number(value.toFixed(digits));
/** Each window's throughput of a run in turns, e.g. "12,040 / 11,873 / 12,210 req/s". */
const windows = (/** @type {{ rounds: number[] }} */ sample) =>
  `${sample.rounds.map((value) => value.toFixed(0)).join(' / ')} req/s`;
const percent = (/** @type {number} */ share) => `${(share * 100).toFixed(0)}%`;

/**
 * What served a read's measured requests through the gateway, in words: its `cache` (between two
 * scrapes of the counters) or `service`.
 * @param {Awaited<ReturnType<typeof scrapeCacheLookups>>} before
 * @param {Awaited<ReturnType<typeof scrapeCacheLookups>>} after
 * @param {'private' | 'shared'} cache
 * @param {string} service
 */
function servedBy(before, after, cache, service) {
  const { hitRate, hits, lookups } = cacheHitRate(before, after, cache);
  if (!before || !after) return { hitRate, text: 'not known: the gateway shows no cache counters' };
  if (hitRate === null) return { hitRate, text: `${service} (nothing looked up in the ${cache} cache)` };
  return {
    hitRate,
    text: `the gateway's ${cache} cache ${percent(hitRate)} (${hits} of ${lookups}), ${service} the rest`,
  };
}

/**
 * pgbench's simple-update script (-N: one UPDATE of pgbench_accounts, a SELECT, an INSERT into history)
 * with 16 clients on a scratch database of the local Postgres: the rate at which this machine commits
 * small write transactions, the booking and checkout ratios' denominator.
 */
function pgbenchCommitRate() {
  const adminUrl = new URL(infraEnv().PG_ADMIN_URL);
  const name = `frontier_pgbench_${randomBytes(3).toString('hex')}`;
  const scratch = new URL(adminUrl);
  scratch.pathname = `/${name}`;
  const psql = (/** @type {string} */ sql) =>
    execFileSync('psql', [adminUrl.toString(), '-qc', sql], { stdio: ['ignore', 'ignore', 'inherit'] });
  psql(`create database ${name}`);
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '4', scratch.toString()], { stdio: 'ignore' });
    const output = execFileSync(
      'pgbench',
      ['-N', '-n', '-c', '16', '-j', '2', '-T', String(seconds), scratch.toString()],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`pgbench printed no rate:\n${output}`);
    return tps;
  } finally {
    psql(`drop database if exists ${name} with (force)`);
  }
}

/**
 * Runs another bench script (tsx) and takes the JSON line it prints last, with the script's exit code
 * as `exitCode` (its own checks failing make it 1).
 * @param {string} script relative to the repository
 * @param {Record<string, string>} env
 * @returns {Promise<any>}
 */
function runBench(script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(`    │ ${String(chunk).replaceAll('\n', '\n    │ ')}`);
    });
    child.once('exit', (code) => {
      const line = output
        .trim()
        .split('\n')
        .reverse()
        .find((text) => text.startsWith('{') && text.endsWith('}'));
      try {
        if (!line) throw new Error('no summary');
        resolve({ ...JSON.parse(line), exitCode: code });
      } catch {
        reject(new Error(`${script} exited ${code} without a JSON summary`));
      }
    });
  });
}

/**
 * A stack of its own with customers signed in, each with something in the cart.
 * @param {import('../local/throwaway-stack.mjs').ThrowawayStack} stack
 */
async function prepareCustomers(stack) {
  const api = `${stack.url}/api/v1`;
  const products = (await expectOk(`${api}/products`, {})).filter(
    (/** @type {{ stock: number }} */ product) => product.stock > 5,
  );
  const customers = await mapLimit(
    Array.from({ length: CUSTOMERS }, (_, n) => n),
    4,
    async (n) => {
      const email = `frontier-${n + 1}-${randomBytes(3).toString('hex')}@example.com`;
      await expectOk(`${api}/auth/register`, {
        method: 'POST',
        body: { name: `Frontier Customer ${n + 1}`, email, password: PASSWORD, role: 'user' },
      });
      const signedIn = await expectOk(`${api}/auth/login`, {
        method: 'POST',
        body: { email, password: PASSWORD },
      });
      const token = /** @type {string} */ (signedIn.data.token);
      const id = /** @type {string} */ (signedIn.data.user.id);
      // Commerce knows a product once the catalogue's event reached its mirror (a fresh stack).
      const product = products[n % products.length];
      for (let attempt = 0; ; attempt++) {
        const added = await request(`${api}/cart`, {
          method: 'POST',
          token,
          body: { product: product._id, quantity: 1 },
        });
        if (added.status < 300) break;
        if (added.status !== 404 || attempt > 300)
          throw new Error(`the cart refused a product: ${added.status} ${JSON.stringify(added.body)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return { id, token };
    },
  );
  return customers;
}

/**
 * Starts the bare server on the bodies given; answers its base URL and a stopper.
 * @param {Record<string, string>} bodies
 */
async function startBare(bodies) {
  const dir = await mkdtemp(path.join(tmpdir(), 'frontier-'));
  const file = path.join(dir, 'bodies.json');
  await writeFile(file, JSON.stringify(bodies));
  const child = spawn(process.execPath, [path.join(root, 'infra/load/bare-server.mjs'), file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const SIGNED_IN_READS = [
  { name: 'GET /cart', path: () => '/cart', service: 'commerce' },
  {
    name: 'GET /appointments/users/:id/appointments',
    path: (/** @type {string} */ id) => `/appointments/users/${id}/appointments`,
    service: 'booking',
  },
  { name: 'GET /orders', path: () => '/orders', service: 'commerce' },
  { name: 'GET /auth/me', path: () => '/auth/me', service: 'identity' },
];
const SERVICE_PORT_OFFSETS = { identity: 1, catalogue: 2, booking: 3, commerce: 4 };

/**
 * Item 1: each signed-in read at saturation through the gateway, straight to its service, and from the
 * bare server; then the gateway at a fixed 500 req/s.
 * @param {import('../local/throwaway-stack.mjs').ThrowawayStack} stack
 * @param {Array<{ id: string, token: string }>} customers
 */
async function signedInReads(stack, customers) {
  const first = /** @type {{ id: string, token: string }} */ (customers[0]);
  /** @type {Record<string, string>} */
  const bodies = {};
  for (const read of SIGNED_IN_READS) {
    const response = await fetch(`${stack.url}/api/v1${read.path(first.id)}`, {
      headers: { authorization: `Bearer ${first.token}` },
    });
    bodies[`/bare${read.path(':id')}`] = await response.text();
  }
  const bare = await startBare(bodies);
  try {
    for (const read of SIGNED_IN_READS) {
      if (readsWanted && !readsWanted.some((word) => read.name.includes(word))) continue;
      const serviceUrl = `http://127.0.0.1:${stack.portBase + SERVICE_PORT_OFFSETS[/** @type {keyof typeof SERVICE_PORT_OFFSETS} */ (read.service)]}`;
      /** @param {string} base */
      const through = (base) => (/** @type {number} */ n) => {
        const customer = /** @type {{ id: string, token: string }} */ (customers[n % customers.length]);
        return { url: new URL(`${base}${read.path(customer.id)}`), token: customer.token };
      };
      const viaGateway = through(`${stack.url}/api/v1`);
      const direct = through(serviceUrl);
      const bareTarget = () => ({ url: new URL(`${bare.url}/bare${read.path(':id')}`) });
      // Warm, as a running stack is: the gateway's first seconds at saturation are still JIT-compiling
      // (after 2 s, its first window of the run was up to a third below its next two).
      for (const pick of [viaGateway, direct, bareTarget]) await saturate(pick, { seconds: 5, connections });
      // The three in turns (three windows each, the same time in all as one run each), so that drift
      // in the machine (a JIT still warming, a flush) weighs on all three alike.
      const lookupsBefore = await scrapeCacheLookups(stack.url);
      const [gatewayMax, directMax, bareMax] = /** @type {[TurnSample, TurnSample, TurnSample]} */ (
        await saturateInTurns([viaGateway, direct, bareTarget], { seconds, connections, rounds: 3 })
      );
      const fixed = await offer(viaGateway, { rate: 500, seconds });
      const served = servedBy(lookupsBefore, await scrapeCacheLookups(stack.url), 'private', read.service);
      const ratio = throughput(gatewayMax) / throughput(bareMax);
      const p99 = percentile(fixed.latencies, 99);
      const failed = gatewayMax.failed + directMax.failed + bareMax.failed + fixed.failed;
      console.log(
        `  ${read.name}\n` +
          `    saturation (${connections} connections, three windows each in turns): gateway ${throughput(gatewayMax).toFixed(0)} req/s, ${read.service} alone ${throughput(directMax).toFixed(0)} req/s, bare ${throughput(bareMax).toFixed(0)} req/s → ${(ratio * 100).toFixed(0)}% of bare\n` +
          `    by window: gateway ${windows(gatewayMax)}; ${read.service} alone ${windows(directMax)}; bare ${windows(bareMax)}\n` +
          `    fixed 500 req/s through the gateway: p50 ${ms(percentile(fixed.latencies, 50))}, p99 ${ms(p99)}; failed ${failed}${gatewayMax.firstFailures.length ? ` (${gatewayMax.firstFailures.join(', ')})` : ''}\n` +
          `    served by: ${served.text}`,
      );
      checks.push({
        name: `signed-in ${read.name}`,
        measured: `${throughput(gatewayMax).toFixed(0)} req/s through the gateway (${read.service} alone ${throughput(directMax).toFixed(0)}); p99 ${p99.toFixed(1)} ms at 500 req/s`,
        reference: `bare Fastify, same JSON: ${throughput(bareMax).toFixed(0)} req/s`,
        ratio: round(ratio),
        target: '>= 60% of bare, p99 < 20 ms at 500 req/s, no failures',
        pass: ratio >= 0.6 && p99 < 20 && failed === 0,
        servedBy: served.text,
        cacheHitRate: served.hitRate === null ? null : round(served.hitRate),
      });
    }
  } finally {
    await bare.stop();
  }
}

/**
 * Item 4: the browse journey's reads (anonymous) and signed-in reads, half and half, at 300 req/s.
 * @param {import('../local/throwaway-stack.mjs').ThrowawayStack} stack
 * @param {Array<{ id: string, token: string }>} customers
 */
async function mixedBrowse(stack, customers) {
  const api = `${stack.url}/api/v1`;
  const products = await expectOk(`${api}/products`, {});
  const browse = [
    '/products',
    '/admin/services',
    '/admin/categories',
    '/product-categories',
    '/subcategories',
    ...products.slice(0, 5).map((/** @type {{ _id: string }} */ product) => `/products/${product._id}`),
  ];
  const pick = (/** @type {number} */ n) => {
    if (n % 2 === 0) return { url: new URL(`${api}${browse[(n / 2) % browse.length]}`), kind: 'anonymous' };
    const customer = /** @type {{ id: string, token: string }} */ (customers[(n >> 1) % customers.length]);
    const read = /** @type {(typeof SIGNED_IN_READS)[number]} */ (
      SIGNED_IN_READS[(n >> 1) % SIGNED_IN_READS.length]
    );
    return { url: new URL(`${api}${read.path(customer.id)}`), token: customer.token, kind: 'signed-in' };
  };
  await offer(pick, { rate: 300, seconds: 2 });
  const lookupsBefore = await scrapeCacheLookups(stack.url);
  const sample = await offer(pick, { rate: 300, seconds: seconds * 2 });
  const lookupsAfter = await scrapeCacheLookups(stack.url);
  const anonymousServed = servedBy(lookupsBefore, lookupsAfter, 'shared', 'catalogue');
  const signedInServed = servedBy(lookupsBefore, lookupsAfter, 'private', 'their services');
  const shared = cacheHitRate(lookupsBefore, lookupsAfter, 'shared');
  const kept = cacheHitRate(lookupsBefore, lookupsAfter, 'private');
  const lookups = shared.lookups + kept.lookups;
  const mixedServedBy = `anonymous: ${anonymousServed.text}; signed in: ${signedInServed.text}`;
  const p99 = percentile(sample.latencies, 99);
  const anonymous = percentile(sample.byKind.anonymous ?? [], 99);
  const signedIn = percentile(sample.byKind['signed-in'] ?? [], 99);
  console.log(
    `  mixed 300 req/s (half signed in): p99 ${ms(p99)} (anonymous ${ms(anonymous)}, signed-in ${ms(signedIn)}), failed ${sample.failed}${sample.firstFailures.length ? ` (${sample.firstFailures.join(', ')})` : ''}\n` +
      `    served by: ${mixedServedBy}`,
  );
  checks.push({
    name: 'browse under mixed load',
    measured: `p99 ${p99.toFixed(1)} ms at 300 req/s (anonymous ${anonymous.toFixed(1)}, signed-in ${signedIn.toFixed(1)}); ${sample.failed} failed`,
    reference: 'the target itself (a latency bound)',
    ratio: null,
    target: 'p99 < 50 ms at 300 req/s, half signed in',
    pass: p99 < 50 && sample.failed === 0,
    servedBy: mixedServedBy,
    // Both caches together: the share of the measured reads the gateway answered itself.
    cacheHitRate:
      lookupsBefore && lookupsAfter && lookups > 0 ? round((shared.hits + kept.hits) / lookups) : null,
  });
}

async function booking(/** @type {number} */ commitRate) {
  const result = await runBench('services/booking/bench/booking.bench.ts', {
    BENCH_THINK_MS: '0',
    BENCH_VUS: '200',
    ...(quick ? { BENCH_ITERATIONS: '1000' } : {}),
  });
  const ratio = result.attemptsPerSecond / commitRate;
  console.log(
    `  booking, 200 customers closed loop: ${result.attemptsPerSecond.toFixed(0)} attempts/s (${(ratio * 100).toFixed(0)}% of pgbench), p95 ${ms(result.p95Ms)}; ${result.booked} booked (201), ${result.rowsActive} active in the database, overlaps ${result.overlaps}, other answers ${result.failures}; bench:booking exited ${result.exitCode}`,
  );
  checks.push({
    name: 'booking closed loop',
    measured: `${result.attemptsPerSecond.toFixed(0)} attempts/s, p95 ${result.p95Ms.toFixed(1)} ms, ${result.failures} other answers`,
    reference: `pgbench simple-update: ${commitRate.toFixed(0)} commits/s`,
    ratio: round(ratio),
    target: 'p95 < 150 ms with 200 customers in a closed loop, nothing but 201 and 409',
    pass: result.p95Ms < 150 && result.failures === 0,
  });
  checks.push({
    name: 'booking: appointments in the database = the 201s',
    measured: `${result.booked} answered 201, ${result.rowsActive} active in the database; ${result.overlaps} overlapping pairs; bench:booking exited ${result.exitCode}`,
    reference: "the storm day in booking's own table",
    ratio: null,
    target: 'rows = 201s, zero overlaps, bench:booking exits 0',
    pass: result.rowsActive === result.booked && result.overlaps === 0 && result.exitCode === 0,
  });
}

/** One checkout run's consistency in words: 201s, units the catalogue gave, orders in commerce's table. */
const ledgerOf = (/** @type {any} */ run) =>
  `${run.ordersPlaced} answered 201, ${run.unitsReservedAtCatalogue} units taken at the catalogue, ${run.ordersInDatabase} orders placed in the database holding ${run.unitsInOrders} units, ${run.ordersLost} lost, ${run.ordersReservingLeft} left reserving`;

async function checkout(/** @type {number} */ commitRate) {
  const saturated = await runBench('services/commerce/bench/checkout.bench.ts', {
    BENCH_SECONDS: String(seconds),
  });
  const fixed = await runBench('services/commerce/bench/checkout.bench.ts', {
    BENCH_SECONDS: String(seconds),
    BENCH_RATE: '100',
  });
  const ratio = saturated.ordersPerSecond / commitRate;
  const consistent = (/** @type {any} */ run) =>
    run.consistent === true &&
    run.unitsReservedAtCatalogue === run.ordersPlaced &&
    run.ordersInDatabase === run.ordersPlaced &&
    run.exitCode === 0;
  console.log(
    `  checkout: ${saturated.ordersPerSecond} orders/s closed loop (${(ratio * 100).toFixed(0)}% of pgbench); at 100 orders/s p95 ${ms(fixed.checkoutMs.p95)}\n` +
      `    closed loop: ${ledgerOf(saturated)}; exited ${saturated.exitCode}\n` +
      `    100 orders/s: ${ledgerOf(fixed)}; exited ${fixed.exitCode}`,
  );
  checks.push({
    name: 'checkout',
    measured: `${saturated.ordersPerSecond} orders/s (closed loop, ${saturated.concurrency} customers); p95 ${fixed.checkoutMs.p95} ms at 100 orders/s; ${saturated.failed + fixed.failed} failed`,
    reference: `pgbench simple-update: ${commitRate.toFixed(0)} commits/s`,
    ratio: round(ratio),
    target: '>= 200 orders/s, p95 < 100 ms at 100 orders/s, no failures',
    pass:
      saturated.ordersPerSecond >= 200 && fixed.checkoutMs.p95 < 100 && saturated.failed + fixed.failed === 0,
  });
  checks.push({
    name: 'checkout: stock taken = units ordered = the 201s',
    measured: `closed loop: ${ledgerOf(saturated)}; 100 orders/s: ${ledgerOf(fixed)}`,
    reference: "the catalogue's stock and commerce's own table",
    ratio: null,
    target: 'all equal in both runs, nothing lost or left reserving, bench:checkout exits 0',
    pass: consistent(saturated) && consistent(fixed),
  });
}

/** The stock running out under the load: every unit sold once, none beyond it, no order lost. */
async function sellOut() {
  const run = await runBench('services/commerce/bench/checkout.bench.ts', {
    BENCH_STOCK: process.env.BENCH_SELL_OUT_STOCK ?? '20',
  });
  const measured = `${run.initialStock} units in stock, ${run.ordersPlaced} orders accepted (201), ${run.outOfStock} refused as out of stock (409; ${run.outOfStockAtCheckout} at checkout), ${run.unavailable} answered 503 try again (their units held until the sweeper released them), ${run.failed} other answers; units sold ${run.unitsInOrders}, ${run.stockLeft} left, oversold ${run.oversold}; ${ledgerOf(run)}`;
  console.log(`  sell-out: ${measured}; bench:checkout exited ${run.exitCode}`);
  checks.push({
    name: 'checkout: stock runs out, none oversold or lost',
    measured,
    reference: `${run.concurrency} customers ordering one unit at a time until none is left`,
    ratio: null,
    target:
      'units sold = the stock, oversold 0, every 201 a placed order and none beyond, nothing but 201, 409 and 503',
    pass:
      run.soldOut === true &&
      run.oversold === 0 &&
      run.unitsInOrders === run.initialStock &&
      run.ordersPlaced === run.initialStock &&
      run.outOfStock > 0 &&
      run.consistent === true &&
      run.failed === 0 &&
      run.exitCode === 0,
  });
}

/**
 * A phase that crashed is a check not met (named for it), not a run that silently says less.
 * @param {string} name
 * @param {() => Promise<void>} phase
 */
async function guarded(name, phase) {
  try {
    await phase();
  } catch (error) {
    console.error(`  ${name} crashed: ${/** @type {Error} */ (error)?.stack ?? error}`);
    checks.push({
      name: `${name} (crashed)`,
      measured: String(/** @type {Error} */ (error)?.message ?? error),
      reference: '—',
      ratio: null,
      target: 'the phase runs to its end',
      pass: false,
    });
  }
}

console.log(`bench:frontier — this machine, ${seconds} s per phase${quick ? ' (quick)' : ''}`);
const commitRate = wanted('booking') || wanted('checkout') ? pgbenchCommitRate() : NaN;
if (Number.isFinite(commitRate))
  console.log(`  reference: pgbench simple-update, 16 clients: ${commitRate.toFixed(0)} commits/s`);
if (wanted('reads') || wanted('mixed')) {
  const profileDir = path.join(
    dataDir(),
    'bench',
    'profiles',
    new Date().toISOString().replace(/[:.]/g, '-'),
  );
  if (profile) mkdirSync(profileDir, { recursive: true });
  const stack = await startThrowawayStack({
    name: 'frontier',
    env: {
      ...RELAXED_RATE_LIMITS,
      // One client sending tens of thousands of requests a second: the limit is still counted, not met.
      RATE_LIMIT_MAX: '100000000',
      LOG_LEVEL: 'warn',
      ...(profile
        ? { NODE_OPTIONS: `--import=${path.join(here, 'cpu-profiler.mjs')}`, BENCH_PROFILE_DIR: profileDir }
        : {}),
    },
  });
  try {
    const customers = await prepareCustomers(stack);
    console.log(`  ${customers.length} customers registered and signed in, one product in each cart`);
    if (wanted('reads')) await signedInReads(stack, customers);
    if (wanted('mixed')) await mixedBrowse(stack, customers);
  } finally {
    closeClient();
    await stack.dispose();
    if (profile) {
      writeFileSync(
        path.join(profileDir, 'processes.json'),
        JSON.stringify(Object.fromEntries(stack.children.map(({ name, child }) => [child.pid, name]))),
      );
      console.log(`  CPU profiles: node infra/load/profile-top.mjs ${path.relative(root, profileDir)}`);
    }
  }
}
if (wanted('booking')) await guarded('booking', () => booking(commitRate));
if (wanted('checkout')) await guarded('checkout', () => checkout(commitRate));
if (wanted('checkout') || wanted('sellout')) await guarded('sell-out', sellOut);

console.log('\n  check                                              ratio   verdict');
for (const check of checks)
  console.log(
    `  ${check.name.padEnd(50)} ${check.ratio === null ? '  —  ' : `${(check.ratio * 100).toFixed(0).padStart(4)}%`}   ${check.pass ? 'met' : 'NOT met'}   ${check.measured}${check.servedBy ? `; served by ${check.servedBy}` : ''}`,
  );
const outDir = path.join(dataDir(), 'bench');
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'frontier.json'), `${JSON.stringify({ checks }, null, 2)}\n`);
console.log(`\n  written: ${path.relative(root, path.join(outDir, 'frontier.json'))}`);
const notMet = checks.filter((check) => !check.pass);
console.log(
  notMet.length === 0
    ? `  every check met (${checks.length})`
    : `  NOT met: ${notMet.length} of ${checks.length} (${notMet.map((check) => check.name).join('; ')})`,
);
process.exit(notMet.length > 0 || checks.length === 0 ? 1 : 0);
