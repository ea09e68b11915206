// npm run bench — the platform under increasing load, through the gateway, on a throwaway stack (every
// service, the gateway and the Razorpay sandbox on fresh databases and their own Kafka topics). Three
// journeys (journeys/browse.mjs, booking.mjs, checkout.mjs), each at rising steps of constant arrival rate
// (an open model, run by open-model.mjs in a Node process of its own, journeys/run.mjs); for every step: achieved throughput, p50/p95/p99, error rate, event lag and outbox backlog, CPU of each
// process. Finds each journey's knee, prints verdicts, writes .data/bench/load-summary.json and a chart
// of latency against load (.data/bench/load-chart.html and .png; `--record` copies the PNG to
// docs/bench/load-chart.png for the README).
//
//   npm run bench                      the full run (about 9 minutes)
//   BENCH_QUICK=1 npm run bench        a smoke run: short steps, fewer of them
//   BENCH_STEP_SECONDS=4 npm run bench  steps of 4 s (default 20, 6 with BENCH_QUICK)
//   npm run bench -- --only=browse     some journeys (comma-separated)
//   BENCH_PROFILE=1 npm run bench      also writes a V8 CPU profile of every process (.data/bench/profiles)
//   npm run bench -- --record          copies the chart to docs/bench/
//   npm run bench -- --mixed[=5]       browse while 5 checkout journeys a second run alongside
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDir, infraEnv, repoRoot } from '../local/env.mjs';
import { RELAXED_RATE_LIMITS, startThrowawayStack } from '../local/throwaway-stack.mjs';
import { renderChart, screenshot } from './chart.mjs';
import { closeClient, expectOk, mapLimit, request } from './client.mjs';
import { REQUESTS_PER_VISIT } from './journeys/browse.mjs';
import { findKnee } from './knee.mjs';
import { cpuSeconds, lagBetween, machineTicks, outboxProbe, scrapeServices } from './metrics.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = repoRoot();
const args = process.argv.slice(2);
const recordChart = args.includes('--record');
const quick = process.env.BENCH_QUICK === '1';
const profile = process.env.BENCH_PROFILE === '1';
const only = (
  args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ?? process.env.BENCH_ONLY
)
  ?.split(',')
  .map((name) => name.trim());
const stepSeconds = Number(process.env.BENCH_STEP_SECONDS ?? (quick ? 6 : 20));
const outDir = path.join(dataDir(), 'bench');
// Not a guessable password: identity refuses those at registration (zxcvbn-ts's lists).
const PASSWORD = 'Load-Lantern-Harbour-42';
const BROWSE_REQUESTS_PER_VISIT = REQUESTS_PER_VISIT;
/** The load generator: one Node process a journey run (journeys/run.mjs, open-model.mjs). */
const GENERATOR = `Node ${process.version} open-model load generator`;
const RUNNER = path.join(here, 'journeys', 'run.mjs');
/**
 * The stack's seeded admin, under an address of this run: sign-in lockouts live in the shared Redis by
 * email, so a lock on admin@spa.local left by another stack's tests must not stop this run.
 */
/** @typedef {import('../local/throwaway-stack.mjs').ThrowawayStack} ThrowawayStack */
/** One step's figures from the generator. @typedef {import('./open-model.mjs').StepSummary} GeneratorStep */

const ADMIN = { email: `load-admin-${randomBytes(4).toString('hex')}@example.com`, password: 'Admin@12345' };

/**
 * The journeys and their steps. Browse is offered in requests a second (visits a second × 13); booking
 * and checkout in journeys (customers) a second. gap: seconds after each step for the journeys begun in
 * it to finish (their think time), before the next step starts. maxConcurrent: journeys running at
 * once, beyond which a due journey is dropped (and counted).
 */
/** @typedef {(typeof JOURNEYS)[number]} Journey */
/** @typedef {ReturnType<typeof stepResult>} StepResult */
/** @typedef {Awaited<ReturnType<typeof runJourney>>} JourneyResult */
/**
 * What every journey's run needs: the stack, a scratch folder, the outbox probe and the accounts.
 * @typedef {{ stack: ThrowawayStack, workDir: string, outbox: ReturnType<typeof outboxProbe>,
 *   serviceUrls: Record<string, string>, data: import('./journeys/common.mjs').BenchData }} RunContext
 */

const JOURNEYS = [
  {
    name: 'browse',
    unit: 'req/s',
    offered: quick ? [100, 300, 600] : [50, 100, 200, 300, 450, 600],
    perMinute: (/** @type {number} */ offered) => Math.round((offered / BROWSE_REQUESTS_PER_VISIT) * 60),
    gapSeconds: 9,
    maxConcurrent: 500,
  },
  {
    name: 'booking',
    unit: 'journeys/s',
    offered: quick ? [5, 20] : [2, 5, 10, 20, 35],
    perMinute: (/** @type {number} */ offered) => Math.round(offered * 60),
    gapSeconds: 5,
    maxConcurrent: 300,
  },
  {
    name: 'checkout',
    unit: 'journeys/s',
    offered: quick ? [3, 10] : [1, 3, 6, 10, 16],
    perMinute: (/** @type {number} */ offered) => Math.round(offered * 60),
    gapSeconds: 6,
    maxConcurrent: quick ? 80 : 160,
  },
].filter((journey) => !only || only.includes(journey.name));

/**
 * --mixed[=N]: browse runs alongside N checkout journeys a second (default 5), as on a real site where
 * visitors browse while customers buy; without it each journey runs alone.
 */
const mixedArg = args.find((arg) => arg === '--mixed' || arg.startsWith('--mixed='));
const mixedCheckoutRate = mixedArg ? Number(mixedArg.split('=')[1] ?? 5) : 0;
const BOOKING_CUSTOMERS = quick ? 40 : 100;
const CHECKOUT_CUSTOMERS = Math.max(
  JOURNEYS.find((journey) => journey.name === 'checkout')?.maxConcurrent ?? 0,
  mixedCheckoutRate > 0 ? 80 : 0,
);

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * @template {number | null | undefined} T
 * @param {T} value
 * @param {number} [digits]
 * @returns {T}
 */
const round = (value, digits = 1) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? value
    : /** @type {T} */ (Number(value.toFixed(digits)));

function ensureBuilt() {
  const entries = [
    ...['identity', 'catalogue', 'booking', 'commerce', 'billing', 'notification'].map((name) =>
      path.join(root, 'services', name, 'dist', 'main.js'),
    ),
    path.join(root, 'gateway', 'dist', 'main.js'),
    path.join(root, 'infra', 'razorpay-sandbox', 'dist', 'main.js'),
    path.join(root, 'web', 'dist', 'index.html'),
  ];
  const missing = entries.filter((entry) => !existsSync(entry));
  if (missing.length === 0) return;
  console.log(`building (missing: ${missing.map((entry) => path.relative(root, entry)).join(', ')})...`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', timeout: 15 * 60_000 });
}

/**
 * Accounts, rooms, therapists and stock for the journeys, made through the gateway as an admin would.
 * @param {ThrowawayStack} stack
 * @param {string} adminUrl
 */
async function prepare(stack, adminUrl) {
  const api = `${stack.url}/api/v1`;
  /**
   * @param {string} email
   * @param {string} password
   * @returns {Promise<string>}
   */
  const signIn = async (email, password) =>
    (await expectOk(`${api}/auth/login`, { method: 'POST', body: { email, password } })).data.token;
  const admin = await signIn(ADMIN.email, ADMIN.password);

  // More rooms and therapists than the demo's, so that bookings meet a spa of a realistic size.
  const types = ['Silver', 'Gold', 'Diamond'];
  for (let n = 0; n < 9; n++)
    await expectOk(`${api}/admin/rooms`, {
      method: 'POST',
      token: admin,
      body: {
        roomNumber: String(501 + n),
        capacity: n % 2 ? 'Double Bed' : 'Single Bed',
        type: types[n % 3],
        status: 'Available',
        location: 'Second Floor, Lotus Wing',
      },
    });
  const register = (/** @type {Record<string, unknown>} */ body) =>
    expectOk(`${api}/auth/register`, { method: 'POST', body });
  const therapists = await mapLimit(
    Array.from({ length: 6 }, (_, n) => n),
    2,
    async (n) => {
      const email = `load-therapist-${n + 1}@example.com`;
      await register({
        name: `Load Therapist ${n + 1}`,
        email,
        password: PASSWORD,
        role: 'employee',
        employeeRole: 'servicestaff',
        shift: n % 2 ? 'night' : 'morning',
        workingLocation: 'Vijay Nagar',
      });
      // Sign-up signs nobody in: the id comes with the therapist's own sign-in.
      const signedIn = await expectOk(`${api}/auth/login`, {
        method: 'POST',
        body: { email, password: PASSWORD },
      });
      return /** @type {string} */ (signedIn.data.user.id);
    },
  );
  // Self-registered employees are applicants until an admin approves them, which needs a verified
  // email: the bench marks the emails verified (it has no mailbox) and approves through the API.
  const { default: pg } = await import('pg');
  const identity = new URL(adminUrl);
  identity.pathname = `/${stack.prefix}_identity`;
  const identityDb = new pg.Client({ connectionString: identity.toString() });
  await identityDb.connect();
  try {
    await identityDb.query('update users set is_email_verified = true where id = any($1::uuid[])', [
      therapists,
    ]);
  } finally {
    await identityDb.end();
  }
  await mapLimit(therapists, 2, (id) =>
    expectOk(`${api}/admin/users/${id}/approve`, { method: 'POST', token: admin }),
  );

  // Stock that a load run cannot sell out.
  const products = await expectOk(`${api}/products`, {});
  await mapLimit(products, 4, (product) =>
    expectOk(`${api}/products/${product._id}`, { method: 'PUT', token: admin, body: { stock: 1_000_000 } }),
  );

  /**
   * @param {string} kind
   * @param {number} count
   */
  const customers = (kind, count) =>
    mapLimit(
      Array.from({ length: count }, (_, n) => n),
      4,
      async (n) => {
        const email = `load-${kind}-${n + 1}@example.com`;
        await register({ name: `Load Customer ${kind} ${n + 1}`, email, password: PASSWORD, role: 'user' });
        return { email, password: PASSWORD };
      },
    );
  const bookingCustomers = await customers('booking', BOOKING_CUSTOMERS);
  const checkoutCustomers = await customers('checkout', CHECKOUT_CUSTOMERS);

  // Booking and commerce learn rooms, therapists and stock from events: wait until they have.
  const rooms = (await expectOk(`${api}/admin/rooms`, {})).length;
  const booking = new URL(adminUrl);
  booking.pathname = `/${stack.prefix}_booking`;
  const client = new pg.Client({ connectionString: booking.toString() });
  await client.connect();
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await client.query(
        "select (select count(*)::int from rooms) as rooms, (select count(*)::int from users where role = 'employee') as employees",
      );
      if (rows[0].rooms >= rooms && rows[0].employees >= 9) break;
      if (Date.now() > deadline)
        throw new Error(`booking's read models are incomplete: ${JSON.stringify(rows[0])}`);
      await sleep(250);
    }
  } finally {
    await client.end();
  }
  if (checkoutCustomers.length > 0) {
    const shopper = await signIn(
      /** @type {(typeof checkoutCustomers)[number]} */ (checkoutCustomers[0]).email,
      PASSWORD,
    );
    const deadline = Date.now() + 60_000;
    for (;;) {
      const added = await request(`${api}/cart`, {
        method: 'POST',
        token: shopper,
        body: { product: products[0]._id, quantity: 1 },
      });
      if (added.status < 300) {
        for (const item of added.body.items ?? [])
          await request(`${api}/cart/${item._id}`, { method: 'DELETE', token: shopper });
        break;
      }
      if (Date.now() > deadline)
        throw new Error(`commerce does not know the products: ${JSON.stringify(added.body)}`);
      await sleep(250);
    }
  }
  return { bookingCustomers, checkoutCustomers, rooms, products: products.length };
}

/**
 * The throwaway stack, tried twice: a service can lose a race with Kafka's topic creation on a busy
 * machine. A failed attempt's databases are dropped (its prefix is in the error's log path).
 * @param {Parameters<typeof startThrowawayStack>[0]} options
 */
async function startStackWithRetry(options) {
  try {
    return await startThrowawayStack(options);
  } catch (error) {
    const prefix = /logs\/(load_[0-9a-f]+)\//.exec(String(/** @type {Error} */ (error).message))?.[1];
    console.log(`the stack did not start (${/** @type {Error} */ (error).message}); trying once more`);
    if (prefix) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: infraEnv().PG_ADMIN_URL });
      await client.connect();
      try {
        for (const name of ['identity', 'catalogue', 'booking', 'commerce', 'billing', 'notification'])
          await client.query(`drop database if exists ${prefix}_${name} with (force)`);
      } finally {
        await client.end();
      }
    }
    return startThrowawayStack(options);
  }
}

/**
 * The generator of one journey run (journeys/run.mjs) in a Node process of its own: it tells when its
 * set-up is over and the steps' clock starts, and sends every step's figures at the end.
 * @param {RunContext} context
 * @param {string} name
 * @param {{ journey: string, perMinute: number[], stepSeconds: number, gapSeconds: number, maxConcurrent: number }} plan
 * @param {number} seconds how long its steps take, for the time limit
 */
async function startGenerator(context, name, plan, seconds) {
  const planFile = path.join(context.workDir, `${name}-plan.json`);
  await writeFile(planFile, JSON.stringify({ ...plan, data: context.data }));
  const child = spawn(process.execPath, [RUNNER, planFile], {
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  /** @type {(at: number) => void} */
  let resolveStarted = () => undefined;
  /** @type {Promise<number>} */
  const started = new Promise((resolve) => (resolveStarted = resolve));
  /** @type {GeneratorStep[] | undefined} */
  let steps;
  child.on('message', (/** @type {{ type: string, steps?: GeneratorStep[] }} */ message) => {
    if (message.type === 'started') resolveStarted(performance.now());
    else if (message.type === 'summary') steps = message.steps;
  });
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const killer = setTimeout(() => child.kill('SIGKILL'), (seconds + 180) * 1000);
  return {
    pid: child.pid,
    started,
    exited,
    /** Every step's figures once the generator is done (undefined if it died without them). */
    async finished() {
      const code = await exited;
      clearTimeout(killer);
      return { code, steps };
    },
  };
}

/**
 * @param {ThrowawayStack} stack
 * @param {number | undefined} generatorPid
 */
function processSnapshot(stack, generatorPid) {
  /** @type {Record<string, number>} */
  const cpu = Object.fromEntries(stack.children.map(({ name, child }) => [name, cpuSeconds(child.pid)]));
  cpu.generator = cpuSeconds(generatorPid);
  return { at: performance.now(), cpu, machine: machineTicks() };
}

/** @typedef {ReturnType<typeof processSnapshot>} ProcessSnapshot */
/** @typedef {{ lag: import('./metrics.mjs').Histogram, requests: Record<string, number>, process: ProcessSnapshot }} Snapshot */

/**
 * @param {ProcessSnapshot} before
 * @param {ProcessSnapshot} after
 */
function cpuBetween(before, after) {
  const seconds = (after.at - before.at) / 1000;
  const cores = Object.fromEntries(
    Object.keys(after.cpu).map((name) => {
      const used = /** @type {number} one of after.cpu's own keys */ (after.cpu[name]);
      return [name, round((used - (before.cpu[name] ?? 0)) / seconds, 2)];
    }),
  );
  const machineBusy =
    (after.machine.busy - before.machine.busy) / Math.max(1, after.machine.total - before.machine.total);
  return { seconds: round(seconds, 2), cores, machineBusyPct: round(machineBusy * 100, 0) };
}

/**
 * @param {Record<string, number>} before
 * @param {Record<string, number>} after
 */
function requestsBetween(before, after) {
  return Object.fromEntries(
    Object.keys(after).map((name) => [name, /** @type {number} */ (after[name]) - (before[name] ?? 0)]),
  );
}

/**
 * @param {Journey} journey
 * @param {number} index
 * @param {GeneratorStep | undefined} figures the generator's figures of the step
 * @param {ReturnType<typeof lagBetween> | null} lag
 * @param {Record<string, number> | null} outbox
 * @param {ReturnType<typeof cpuBetween> | null} cpu
 * @param {Record<string, number> | null} serviceRequests
 */
function stepResult(journey, index, figures, lag, outbox, cpu, serviceRequests) {
  const offered = /** @type {number} */ (journey.offered[index]);
  const perMinute = journey.perMinute(offered);
  /** @type {Record<string, any>} */
  const latency = figures?.latencyMs.journey ?? {};
  const requests = figures?.requests ?? 0;
  const errors = figures?.errors ?? 0;
  const iterations = figures?.iterations ?? 0;
  const dropped = figures?.dropped ?? 0;
  const offeredIterations = (perMinute / 60) * stepSeconds;
  return {
    step: index + 1,
    offered,
    offeredUnit: journey.unit,
    offeredIterationsPerSecond: round(perMinute / 60, 2),
    achievedRequestsPerSecond: round(requests / stepSeconds, 1),
    achievedIterationsPerSecond: round(iterations / stepSeconds, 2),
    droppedIterations: dropped,
    droppedShare: round(offeredIterations > 0 ? dropped / offeredIterations : 0, 3),
    requests,
    latencyMs: {
      p50: round(latency.p50),
      p95: round(latency.p95),
      p99: round(latency.p99),
      max: round(latency.max),
      avg: round(latency.avg),
    },
    signinP99Ms: figures?.latencyMs.signin.p99 ? round(figures.latencyMs.signin.p99) : null,
    providerP99Ms: figures?.latencyMs.provider.p99 ? round(figures.latencyMs.provider.p99) : null,
    errors,
    errorRate: round(requests > 0 ? errors / requests : 0, 4),
    conflicts: figures?.conflicts ?? 0,
    interruptedAtStepEnd: figures?.interrupted ?? 0,
    // How late the generator started journeys (its own event loop busy): large values mean the
    // latencies above include the generator's delay.
    generatorLateP99Ms: round(figures?.lateMs.p99),
    counters: figures?.counters ?? {},
    eventLag: lag,
    outboxUnsent: outbox,
    // What reached each service (the rest the gateway answered from its cache, or itself).
    serviceRequests,
    cpu,
    // CPU a request costs each process: comparable between a busy and a quiet machine, unlike latency.
    cpuMsPerRequest: cpu
      ? Object.fromEntries(
          Object.entries(cpu.cores).map(([name, cores]) => [
            name,
            round(requests > 0 ? (cores * cpu.seconds * 1000) / requests : 0, 2),
          ]),
        )
      : null,
  };
}

/**
 * Checkout journeys at a constant rate for `seconds`, in a generator of their own (browse --mixed).
 * @param {RunContext} context
 * @param {number} seconds
 */
async function startBackgroundCheckout(context, seconds) {
  const generator = await startGenerator(
    context,
    'background',
    {
      journey: 'checkout',
      perMinute: [Math.round(mixedCheckoutRate * 60)],
      stepSeconds: Math.round(seconds),
      gapSeconds: 5,
      maxConcurrent: CHECKOUT_CUSTOMERS,
    },
    seconds,
  );
  return {
    async finished() {
      const { steps } = await generator.finished();
      const step = steps?.[0];
      if (!step) return { checkoutJourneysPerSecond: mixedCheckoutRate, ordersPaid: null };
      return {
        checkoutJourneysPerSecond: mixedCheckoutRate,
        ordersPaid: step.counters.orders_paid ?? 0,
        errors: step.errors,
        p99Ms: round(step.latencyMs.journey.p99),
      };
    },
  };
}

/**
 * One journey: the generator runs its steps while this process scrapes the stack at every step boundary.
 * @param {Journey} journey
 * @param {RunContext} context
 */
async function runJourney(journey, context) {
  const { stack } = context;
  const steps = journey.offered.length;
  const period = (stepSeconds + journey.gapSeconds) * 1000;
  const plannedSeconds = (steps * period) / 1000;
  console.log(
    `\n${journey.name}: ${steps} steps of ${stepSeconds} s (+${journey.gapSeconds} s for journeys to finish), offered ${journey.offered.join(' → ')} ${journey.unit}`,
  );
  const generator = await startGenerator(
    context,
    journey.name,
    {
      journey: journey.name,
      perMinute: journey.offered.map(journey.perMinute),
      stepSeconds,
      gapSeconds: journey.gapSeconds,
      maxConcurrent: journey.maxConcurrent,
    },
    plannedSeconds,
  );
  const background =
    journey.name === 'browse' && mixedCheckoutRate > 0
      ? await startBackgroundCheckout(context, plannedSeconds)
      : undefined;
  const startedAt = await Promise.race([generator.started, generator.exited.then(() => undefined)]);
  /** @type {Snapshot[]} */
  const snapshots = [];
  /** @type {Array<Record<string, number>>} */
  const outboxes = [];
  if (startedAt !== undefined) {
    for (let boundary = 0; boundary <= steps; boundary++) {
      const at = startedAt + boundary * period;
      await sleep(Math.max(0, at - performance.now()));
      const { lag, requests } = await scrapeServices(context.serviceUrls);
      snapshots.push({ lag, requests, process: processSnapshot(stack, generator.pid) });
      if (boundary < steps) {
        await sleep(Math.max(0, at + stepSeconds * 1000 - performance.now()));
        outboxes.push(await context.outbox.unsent());
        process.stdout.write(`  step ${boundary + 1}/${steps} done\n`);
      }
    }
  }
  const { code, steps: figures } = await generator.finished();
  const backgroundResult = background ? await background.finished() : undefined;
  if (!figures) throw new Error(`the ${journey.name} generator exited with ${code} and no figures`);
  const results = journey.offered.map((_, index) =>
    stepResult(
      journey,
      index,
      figures[index],
      snapshots[index + 1]
        ? lagBetween(
            /** @type {Snapshot} */ (snapshots[index]).lag,
            /** @type {Snapshot} */ (snapshots[index + 1]).lag,
          )
        : null,
      outboxes[index] ?? null,
      snapshots[index + 1]
        ? cpuBetween(
            /** @type {Snapshot} */ (snapshots[index]).process,
            /** @type {Snapshot} */ (snapshots[index + 1]).process,
          )
        : null,
      snapshots[index + 1]
        ? requestsBetween(
            /** @type {Snapshot} */ (snapshots[index]).requests,
            /** @type {Snapshot} */ (snapshots[index + 1]).requests,
          )
        : null,
    ),
  );
  return {
    name: journey.name,
    unit: journey.unit,
    generatorExitCode: code,
    ...(backgroundResult ? { alongside: backgroundResult } : {}),
    steps: results,
    knee: findKnee(results),
  };
}

/**
 * @param {unknown} value
 * @param {number} width
 */
const pad = (value, width) => String(value ?? '–').padStart(width);

/**
 * Requests that reached a service for each request through the gateway (cache hits do not).
 * @param {StepResult} step
 */
function upstreamShare(step) {
  if (!step.serviceRequests || step.requests === 0) return null;
  const total = Object.values(step.serviceRequests).reduce((sum, n) => sum + n, 0);
  return round(total / step.requests, 2);
}

/**
 * @param {JourneyResult} result
 */
function printJourney(result) {
  console.log(`\n${result.name} (latency of the platform's answers; sign-in and the payment provider apart)`);
  console.log(
    `  ${'offered'.padStart(13)} ${'achieved'.padStart(10)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'errors'.padStart(12)} ${'409s'.padStart(5)} ${'dropped'.padStart(7)} ${'lag mean'.padStart(8)} ${'lag p95≤'.padStart(8)} ${'outbox'.padStart(6)} ${'to svc'.padStart(6)}  CPU ms a request, busiest processes`,
  );
  for (const step of result.steps) {
    const busiest = Object.entries(step.cpuMsPerRequest ?? {})
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, ms]) => `${name} ${ms}`)
      .join(', ');
    const backlog = step.outboxUnsent
      ? Object.values(step.outboxUnsent).reduce((sum, n) => sum + Math.max(0, n), 0)
      : null;
    console.log(
      `  ${pad(`${step.offered} ${result.unit === 'req/s' ? 'req/s' : 'j/s'}`, 13)} ${pad(`${step.achievedRequestsPerSecond}`, 10)} ${pad(step.latencyMs.p50, 7)} ${pad(step.latencyMs.p95, 7)} ${pad(step.latencyMs.p99, 7)} ${pad(step.errors > 0 ? `${step.errors} (${(step.errorRate * 100).toFixed(1)}%)` : '0', 12)} ${pad(step.conflicts, 5)} ${pad(step.droppedIterations, 7)} ${pad(step.eventLag?.meanMs, 8)} ${pad(step.eventLag?.p95UnderMs, 8)} ${pad(backlog, 6)} ${pad(upstreamShare(step), 6)}  ${busiest}${step.cpu ? ` (machine ${step.cpu.machineBusyPct}% busy)` : ''}`,
    );
  }
  if (result.alongside)
    console.log(
      `  alongside: ${result.alongside.checkoutJourneysPerSecond} checkout journeys/s (${result.alongside.ordersPaid} orders paid, ${result.alongside.errors} errors, p99 ${result.alongside.p99Ms} ms)`,
    );
  const { knee } = result;
  console.log(
    knee.step
      ? `  knee: step ${knee.step} (${knee.offered} ${result.unit}): ${knee.reasons.join('; ')}`
      : `  knee: not reached (every step followed its offered load without errors or a p99 jump)`,
  );
}

/**
 * @param {JourneyResult[]} results
 */
function verdicts(results) {
  /** @type {Array<{ check: string, status: string, detail: string }>} */
  const list = [];
  const browse = results.find((result) => result.name === 'browse');
  if (browse) {
    const at300 = browse.steps.find((step) => step.offered === 300);
    list.push(
      at300
        ? {
            check: 'browse p99 < 50 ms at 300 req/s',
            status: at300.latencyMs.p99 < 50 && at300.errors === 0 ? 'PASS' : 'FAIL',
            detail: `p99 ${at300.latencyMs.p99} ms, ${at300.achievedRequestsPerSecond} req/s achieved, ${at300.errors} errors`,
          }
        : {
            check: 'browse p99 < 50 ms at 300 req/s',
            status: 'UNAVAILABLE: no 300 req/s step in this run',
            detail: '',
          },
    );
  } else
    list.push({
      check: 'browse p99 < 50 ms at 300 req/s',
      status: 'UNAVAILABLE: browse not run',
      detail: '',
    });
  for (const result of results) {
    const kneeIndex = result.knee.step ? result.knee.step - 1 : result.steps.length;
    const below = result.steps.slice(0, kneeIndex);
    const withErrors = below.filter((step) => step.errors > 0);
    const firstStepErrors = result.knee.step === 1 && /** @type {StepResult} */ (result.steps[0]).errors > 0;
    list.push({
      check: `${result.name}: zero errors below the knee`,
      status:
        withErrors.length === 0 && !firstStepErrors && result.generatorExitCode !== null ? 'PASS' : 'FAIL',
      detail: firstStepErrors
        ? `errors from the first step (${/** @type {StepResult} */ (result.steps[0]).errors})`
        : `${below.length} step(s) below the knee, ${below.reduce((sum, step) => sum + step.errors, 0)} errors`,
    });
  }
  return list;
}

async function main() {
  const started = Date.now();
  if (JOURNEYS.length === 0) throw new Error(`--only=${only} names no journey (browse, booking, checkout)`);
  mkdirSync(outDir, { recursive: true });
  ensureBuilt();
  const version = GENERATOR;
  const plannedSeconds = JOURNEYS.reduce(
    (sum, journey) => sum + journey.offered.length * (stepSeconds + journey.gapSeconds),
    0,
  );
  console.log(
    `npm run bench${quick ? ' (BENCH_QUICK)' : ''}: ${version}; ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `load steps take ${Math.round(plannedSeconds)} s, plus about a minute to start and fill the stack`,
  );

  const smtp = await startSmtpSink();
  const profileDir = path.join(outDir, 'profiles', new Date().toISOString().replace(/[:.]/g, '-'));
  if (profile) mkdirSync(profileDir, { recursive: true });
  const smtpPort = new URL(smtp.url).port;
  const stack = await startStackWithRetry({
    name: 'load',
    env: {
      ...RELAXED_RATE_LIMITS,
      // Each load customer books several times a run: the fair-hold limit on future cash bookings (5, a
      // protection for real customers) would turn the booking steps into 409s instead of bookings.
      MAX_FUTURE_CASH_BOOKINGS: '100000',
      // Emails go to a sink of this run, not to the shared maildev other tests read.
      SMTP_URL: smtp.url,
      SEED_ADMIN_EMAIL: ADMIN.email,
      HEALTH_SMTP: `127.0.0.1:${smtpPort}`,
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
      ...(profile
        ? { NODE_OPTIONS: `--import=${path.join(here, 'cpu-profiler.mjs')}`, BENCH_PROFILE_DIR: profileDir }
        : {}),
    },
  });
  // Interrupted (Ctrl-C): still stop the stack and drop its databases.
  const interrupted = (/** @type {NodeJS.Signals} */ signal) => {
    console.log(`\n${signal}: stopping the stack...`);
    const force = setTimeout(() => process.exit(130), 30_000);
    stack.dispose().finally(() => {
      clearTimeout(force);
      process.exit(130);
    });
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'load-bench-'));
  const adminUrl = infraEnv().PG_ADMIN_URL;
  const outbox = outboxProbe(/** @type {string} */ (adminUrl), stack.prefix, stack.services);
  const results = [];
  let prepared;
  try {
    console.log(
      `stack ${stack.prefix} up at ${stack.url} in ${((Date.now() - started) / 1000).toFixed(0)} s; preparing data...`,
    );
    prepared = await prepare(stack, adminUrl);
    console.log(
      `  ${prepared.bookingCustomers.length} booking and ${prepared.checkoutCustomers.length} checkout customers registered, ${prepared.rooms} rooms, stock set on ${prepared.products} products`,
    );
    const servicePorts = { identity: 1, catalogue: 2, booking: 3, commerce: 4, billing: 5, notification: 6 };
    const context = {
      stack,
      workDir,
      outbox,
      serviceUrls: Object.fromEntries(
        stack.services.map((name) => [
          name,
          `http://127.0.0.1:${stack.portBase + servicePorts[/** @type {keyof typeof servicePorts} */ (name)]}`,
        ]),
      ),
      data: {
        gatewayUrl: stack.url,
        sandboxUrl: stack.razorpaySandboxUrl,
        razorpayKeyId: 'rzp_test_sandbox',
        bookingCustomers: prepared.bookingCustomers,
        checkoutCustomers: prepared.checkoutCustomers,
      },
    };
    for (const journey of JOURNEYS) {
      const result = await runJourney(journey, context);
      results.push(result);
      printJourney(result);
    }
  } finally {
    await outbox.close();
    await stack.dispose();
    await smtp.close();
    closeClient();
    await rm(workDir, { recursive: true, force: true });
    if (profile) {
      writeFileSync(
        path.join(profileDir, 'processes.json'),
        JSON.stringify(
          Object.fromEntries(stack.children.map(({ name, child }) => [child.pid, name])),
          null,
          2,
        ),
      );
      console.log(
        `\nCPU profiles: ${profileDir} (summarise: node infra/load/profile-top.mjs ${path.relative(root, profileDir)})`,
      );
    }
  }

  const checks = verdicts(results);
  const summary = {
    generatedAt: new Date().toISOString(),
    quick,
    stepSeconds,
    generator: version,
    machine: { cores: os.cpus().length, loadAverageAtStart: os.loadavg() },
    emailsSent: smtp.received(),
    durationSeconds: Math.round((Date.now() - started) / 1000),
    journeys: Object.fromEntries(results.map((result) => [result.name, result])),
    verdicts: checks,
  };
  const htmlFile = path.join(outDir, 'load-chart.html');
  const pngFile = path.join(outDir, 'load-chart.png');
  writeFileSync(htmlFile, renderChart(summary));
  let chartStatus = `${path.relative(root, htmlFile)}`;
  try {
    await screenshot(htmlFile, pngFile);
    chartStatus += `, ${path.relative(root, pngFile)}`;
    if (recordChart) {
      mkdirSync(path.join(root, 'docs', 'bench'), { recursive: true });
      copyFileSync(pngFile, path.join(root, 'docs', 'bench', 'load-chart.png'));
      chartStatus += ', docs/bench/load-chart.png';
    }
  } catch (error) {
    checks.push({
      check: 'chart PNG',
      status: `UNAVAILABLE: ${/** @type {Error} */ (error).message}`,
      detail: '',
    });
  }
  writeFileSync(path.join(outDir, 'load-summary.json'), JSON.stringify(summary, null, 2));

  console.log(
    `\nverdicts (${summary.durationSeconds} s in all; machine load average now ${/** @type {number} */ (os.loadavg()[0]).toFixed(2)}):`,
  );
  for (const { check, status, detail } of checks)
    console.log(`  ${check.padEnd(44)} ${status}${detail ? ` (${detail})` : ''}`);
  console.log(
    `summary: ${path.relative(root, path.join(outDir, 'load-summary.json'))}; chart: ${chartStatus}`,
  );
  if (checks.some((entry) => entry.status === 'FAIL')) process.exitCode = 1;
}

await main();
