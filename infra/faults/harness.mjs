// The fault experiments. Runs in a process whose environment points infra/local at
// the PRIVATE infrastructure (run.mjs sets it), brings that up, starts a throwaway stack on it, drives a
// booking and checkout load, and breaks things on purpose: kill -9 of every service and the gateway,
// Kafka stopped for 15 s, Postgres and Redis restarted, a counter checkout interrupted at each step
// (counter.mjs), every event delivered twice out of order.
// Each experiment gets a PASS/FAIL verdict; .data/faults/summary.json holds the figures.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOST, infraEnv, PORTS, repoRoot } from '../local/env.mjs';
import { RELAXED_RATE_LIMITS, startThrowawayStack } from '../local/throwaway-stack.mjs';
import {
  deliveryReport,
  emailReport,
  inboxCounts,
  ledgerReport,
  openDatabases,
  outboxBacklog,
  quiescent,
  readModelDigests,
  SERVICE_NAMES,
} from './checks.mjs';
import { createLoad } from './load.mjs';
import { counterCheckoutInterrupted } from './counter.mjs';
import {
  assertPrivate,
  privateInfraDown,
  privateInfraUp,
  startComponent,
  stopComponent,
} from './private-infra.mjs';
import {
  connectKafka,
  consumerLag,
  publishTwiceShuffled,
  readOutboxes,
  topicsByConsumer,
} from './replay.mjs';

const CATCH_UP_BOUND_MS = 60_000; // Kafka back -> outbox backlog 0 and inboxes complete
const RECOVERY_BOUND_MS = 30_000; // Postgres/Redis back -> every service ready again
const SETTLE_TIMEOUT_MS = 90_000;
const KAFKA_OUTAGE_MS = 15_000;
const STORE_OUTAGE_MS = 8_000;
const WEBHOOK_RETRY_WINDOW_MS = 35_000; // the sandbox retries a webhook after 1, 5 and 30 s
const QUIET_MS = 10_000;

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (/** @type {number} */ ms) => Number((ms / 1000).toFixed(1));
const mailWebUrl = `http://${HOST}:${PORTS.mailWeb}`;
const summaryDir = path.join(repoRoot(), '.data', 'faults');
const startedAt = Date.now();
const log = (/** @type {string} */ line) =>
  console.log(
    `[${seconds(Date.now() - startedAt)
      .toFixed(1)
      .padStart(6)} s] ${line}`,
  );

/**
 * One experiment's verdict and whatever it measured (each reports its own figures).
 * @typedef {{ experiment: string, verdict: 'PASS' | 'FAIL', seconds: number, problems: string[] } & Record<string, any>} ExperimentResult
 */

// Set by main() before any experiment runs; cleanUp() copes with them still unset.
/** @type {import('../local/throwaway-stack.mjs').ThrowawayStack} */
let stack;
/** @type {import('./checks.mjs').Databases} */
let db;
/** @type {ReturnType<typeof createLoad>} */
let load;
/** @type {ExperimentResult[]} */
const results = [];
// Emails a kill -9 of the notification service may have sent twice (see emailReport); set by experiment 1.
let emailAllowance = 0;
// When the last fault ended (a store back, a service restarted): late retries may follow it.
let lastFaultAt = 0;

async function serviceReadiness() {
  return Object.fromEntries(
    await Promise.all(
      SERVICE_NAMES.map(async (name, index) => {
        try {
          const response = await fetch(`http://127.0.0.1:${stack.portBase + index + 1}/readyz`, {
            signal: AbortSignal.timeout(2_000),
          });
          await response.arrayBuffer();
          return [name, response.status];
        } catch {
          return [name, 0];
        }
      }),
    ),
  );
}

/** Polls until outboxes are empty, every event is handled and the emails are out; answers how long it took. */
async function waitForSettled(timeoutMs = SETTLE_TIMEOUT_MS) {
  const from = Date.now();
  /** @type {Partial<Awaited<ReturnType<typeof quiescent>>> & { error?: string }} */
  let state;
  for (;;) {
    try {
      state = await quiescent(db, mailWebUrl, emailAllowance);
      if (state.done) return { settled: true, ms: Date.now() - from, at: Date.now(), state };
    } catch (error) {
      state = { error: String(/** @type {Error | undefined} */ (error)?.message ?? error) };
    }
    if (Date.now() - from > timeoutMs) return { settled: false, ms: Date.now() - from, state };
    await sleep(500);
  }
}

function childPids() {
  return Object.fromEntries(stack.children.map(({ name, child }) => [name, child.pid]));
}

/**
 * @param {Awaited<ReturnType<typeof waitForSettled>>} settle
 * @returns {string[]}
 */
function describe(settle) {
  if (settle.settled) return [];
  const state = settle.state ?? {};
  if (state.error) return [`not settled: ${state.error}`];
  return [
    `not settled after ${seconds(settle.ms)} s: ${state.unsent} unsent outbox rows, ${state.delivery?.missing} events not handled`,
    ...(state.emails?.problems ?? []),
  ];
}

/**
 * @param {string} name
 * @param {() => Promise<{ problems: string[] } & Record<string, any>>} run
 */
async function experiment(name, run) {
  log(`--- ${name}`);
  const began = Date.now();
  try {
    const outcome = await run();
    results.push({
      experiment: name,
      verdict: outcome.problems.length === 0 ? 'PASS' : 'FAIL',
      seconds: seconds(Date.now() - began),
      ...outcome,
    });
  } catch (error) {
    results.push({
      experiment: name,
      verdict: 'FAIL',
      seconds: seconds(Date.now() - began),
      problems: [`crashed: ${/** @type {Error | undefined} */ (error)?.stack ?? error}`],
    });
  } finally {
    await load.stop();
  }
  const last = /** @type {ExperimentResult} */ (results.at(-1));
  log(`${name}: ${last.verdict}${last.problems.length ? ` — ${last.problems.join('; ')}` : ''}`);
}

// 1. kill -9 each service and the gateway in turn under load -----------------------------------------
async function killEachService() {
  /** @type {string[]} */
  const problems = [];
  /** @type {Record<string, number>} */
  const restarts = {};
  load.start();
  await sleep(4_000);
  emailAllowance = 1; // one kill of the notification service: at most one email in flight resent
  for (const name of [...SERVICE_NAMES, 'gateway']) {
    const before = load.totals();
    await stack.kill(name);
    const killedAt = Date.now();
    await sleep(1_500); // requests meet a dead process for a moment
    await stack.restart(name);
    restarts[name] = seconds(Date.now() - killedAt);
    lastFaultAt = Date.now();
    log(
      `  killed and restarted ${name} (${restarts[name]} s to ready); accepted so far ${JSON.stringify(before)}`,
    );
    await sleep(3_000);
  }
  await load.stop();
  const settle = await waitForSettled();
  problems.push(...describe(settle));
  const ledger = await ledgerReport(db, load.ledger, load.uncertain);
  problems.push(...ledger.problems);
  const delivery = settle.state?.delivery ?? (await deliveryReport(db));
  if (delivery.unknown > 0) problems.push(`${delivery.unknown} inbox rows for events no outbox holds`);
  const emails = await emailReport(db, mailWebUrl, emailAllowance);
  problems.push(...emails.problems);
  emailAllowance = emails.counts.resentAfterCrash; // later experiments kill nothing: no new repeats
  return {
    problems,
    restartSeconds: restarts,
    settleSeconds: seconds(settle.ms),
    counts: ledger.counts,
    delivery: delivery.perConsumer,
    emails: emails.counts,
    load: { ...load.stats, firstErrors: load.stats.firstErrors.slice(0, 5) },
  };
}

// 2. Kafka stopped for 15 s under load, then started again ------------------------------------------
async function kafkaOutage() {
  /** @type {string[]} */
  const problems = [];
  load.start();
  await sleep(3_000);
  await stopComponent('kafka');
  const downAt = Date.now();
  log('  kafka stopped');
  // Kafka is not required for readiness (the outboxes hold the events): no service leaves rotation.
  /** @type {Set<string>} */
  const leftRotation = new Set();
  while (Date.now() - downAt < KAFKA_OUTAGE_MS) {
    for (const [name, status] of Object.entries(await serviceReadiness()))
      if (status !== 200) leftRotation.add(name);
    await sleep(500);
  }
  if (leftRotation.size > 0) problems.push(`not ready while Kafka was down: ${[...leftRotation].join(', ')}`);
  const acceptedWhileDown = load.acceptedBetween(downAt, Date.now());
  const backlog = await outboxBacklog(db);
  const backlogAtRestart = Object.values(backlog).reduce((sum, n) => sum + n, 0);
  await startComponent('kafka');
  const backAt = Date.now();
  lastFaultAt = backAt;
  log(
    `  kafka back after ${seconds(backAt - downAt)} s; accepted while down ${acceptedWhileDown}, outbox backlog ${backlogAtRestart}`,
  );
  await sleep(3_000);
  await load.stop();
  const settle = await waitForSettled(Math.max(SETTLE_TIMEOUT_MS, CATCH_UP_BOUND_MS * 2));
  problems.push(...describe(settle));
  // From the broker answering again to empty outboxes and complete inboxes (the load ran 3 s more).
  const catchUp = settle.settled
    ? /** @type {number} settled answers carry `at` */ (settle.at) - backAt
    : null;
  if (acceptedWhileDown === 0) problems.push('nothing was accepted while Kafka was down');
  if (backlogAtRestart === 0)
    problems.push('no outbox backlog while Kafka was down (the outbox did not hold events?)');
  if (catchUp !== null && catchUp > CATCH_UP_BOUND_MS)
    problems.push(`catch-up took ${seconds(catchUp)} s, over the ${seconds(CATCH_UP_BOUND_MS)} s bound`);
  const ready = await serviceReadiness();
  const notReady = Object.entries(ready).filter(([, status]) => status !== 200);
  if (notReady.length > 0)
    problems.push(`not ready after the outage: ${notReady.map(([name]) => name).join(', ')}`);
  const ledger = await ledgerReport(db, load.ledger, load.uncertain);
  problems.push(...ledger.problems);
  return {
    problems,
    outageSeconds: seconds(backAt - downAt),
    acceptedWhileDown,
    outboxBacklogAtRestart: backlog,
    catchUpSeconds: catchUp === null ? null : seconds(catchUp),
    boundSeconds: seconds(CATCH_UP_BOUND_MS),
    counts: ledger.counts,
  };
}

// 3. Postgres or Redis restarted under load ----------------------------------------------------------
/**
 * @param {'postgres' | 'redis'} component
 */
async function storeRestart(component) {
  /** @type {string[]} */
  const problems = [];
  const pidsBefore = childPids();
  load.start();
  await sleep(3_000);
  await stopComponent(component);
  const downAt = Date.now();
  log(`  ${component} stopped`);
  /** @type {Set<string>} */
  const sawNotReady = new Set();
  while (Date.now() - downAt < STORE_OUTAGE_MS) {
    for (const [name, status] of Object.entries(await serviceReadiness()))
      if (status === 503) sawNotReady.add(name);
    await sleep(250);
  }
  const acceptedWhileDown = load.acceptedBetween(downAt, Date.now());
  await startComponent(component);
  const backAt = Date.now();
  lastFaultAt = backAt;
  /** @type {number | null} */
  let recoveredMs = null;
  while (Date.now() - backAt < RECOVERY_BOUND_MS) {
    const states = await serviceReadiness();
    if (Object.values(states).every((status) => status === 200)) {
      recoveredMs = Date.now() - backAt;
      break;
    }
    await sleep(250);
  }
  log(
    `  ${component} back; services ready again after ${recoveredMs === null ? 'NEVER' : `${seconds(recoveredMs)} s`}`,
  );
  await sleep(4_000); // the load goes on against the recovered store
  await load.stop();
  const notReported = SERVICE_NAMES.filter((name) => !sawNotReady.has(name));
  if (notReported.length > 0)
    problems.push(`still reported ready while ${component} was down: ${notReported.join(', ')}`);
  if (recoveredMs === null)
    problems.push(`not ready ${seconds(RECOVERY_BOUND_MS)} s after ${component} came back`);
  const pidsAfter = childPids();
  const restarted = Object.keys(pidsBefore).filter((name) => pidsBefore[name] !== pidsAfter[name]);
  const dead = stack.children
    .filter(({ child }) => child.exitCode !== null || child.signalCode !== null)
    .map(({ name }) => name);
  if (restarted.length > 0 || dead.length > 0)
    problems.push(`processes restarted or died: ${[...restarted, ...dead].join(', ')}`);
  const settle = await waitForSettled();
  problems.push(...describe(settle));
  const ledger = await ledgerReport(db, load.ledger, load.uncertain);
  problems.push(...ledger.problems);
  return {
    problems,
    outageSeconds: seconds(backAt - downAt),
    reportedNotReady: [...sawNotReady],
    readyAgainSeconds: recoveredMs === null ? null : seconds(recoveredMs),
    boundSeconds: seconds(RECOVERY_BOUND_MS),
    acceptedWhileDown,
    settleSeconds: seconds(settle.ms),
    counts: ledger.counts,
  };
}

// 4. every event delivered twice, shuffled across aggregates -----------------------------------------
async function redeliverEverything() {
  /** @type {string[]} */
  const problems = [];
  const settle = await waitForSettled();
  problems.push(...describe(settle));
  const snapshot = async () => ({
    inbox: await inboxCounts(db),
    readModels: await readModelDigests(db),
    emails: (await emailReport(db, mailWebUrl, emailAllowance)).counts,
    events: (await readOutboxes(db)).length,
  });
  // The platform must be idle first, or its own late work (the sandbox's webhook retries after 1, 5
  // and 30 s, for instance) would read as an effect of the replay: past the last retry of the last
  // fault, and nothing changing for 10 s.
  await sleep(Math.max(0, lastFaultAt + WEBHOOK_RETRY_WINDOW_MS - Date.now()));
  let before = await snapshot();
  const quietFrom = Date.now();
  for (let stableSince = Date.now(); Date.now() - stableSince < QUIET_MS;) {
    if (Date.now() - quietFrom > 60_000) {
      problems.push('the platform never went quiet for 10 s before the replay');
      break;
    }
    await sleep(2_500);
    const now = await snapshot();
    if (JSON.stringify(now) !== JSON.stringify(before)) stableSince = Date.now();
    before = now;
  }
  const kafka = connectKafka([`${HOST}:${PORTS.kafka}`]);
  const rows = await readOutboxes(db);
  const topics = topicsByConsumer(rows);
  const sentAt = Date.now();
  const published = await publishTwiceShuffled(kafka, stack.prefix, rows);
  log(
    `  published ${published} messages (${rows.length} events × 2, shuffled) in ${seconds(Date.now() - sentAt)} s`,
  );
  /** @type {Record<string, number>} */
  let lag;
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    lag = await consumerLag(kafka, stack.prefix, topics);
    if (Object.values(lag).every((n) => n === 0) || Date.now() > deadline) break;
    await sleep(500);
  }
  const consumedMs = Date.now() - sentAt;
  if (!Object.values(lag).every((n) => n === 0)) problems.push(`consumers still lag: ${JSON.stringify(lag)}`);
  await sleep(3_000); // an email job wrongly enqueued would be sent by now
  const after = await snapshot();
  for (const [consumer, count] of Object.entries(before.inbox))
    if (after.inbox[consumer] !== count)
      problems.push(`${consumer} inbox ${count} -> ${after.inbox[consumer]}`);
  for (const [model, digest] of Object.entries(before.readModels))
    if (after.readModels[model] !== digest)
      problems.push(
        `${model} changed (${digest.split(':')[0]} -> ${/** @type {string} */ (after.readModels[model]).split(':')[0]} rows)`,
      );
  if (after.events !== before.events)
    problems.push(
      `${after.events - before.events} new events were produced while replaying (a double effect)`,
    );
  if (after.emails.maildev !== before.emails.maildev || after.emails.sentEmails !== before.emails.sentEmails)
    problems.push(
      `emails ${before.emails.maildev}/${before.emails.sentEmails} -> ${after.emails.maildev}/${after.emails.sentEmails} (maildev/sent)`,
    );
  return {
    problems,
    eventsReplayed: rows.length,
    messagesPublished: published,
    consumedSeconds: seconds(consumedMs),
    inbox: after.inbox,
    emails: after.emails,
    readModelsCompared: Object.keys(before.readModels).length,
  };
}

function printTable() {
  const rows = results.map((result) => ({
    experiment: result.experiment,
    verdict: result.verdict,
    seconds: String(result.seconds),
    measured: measuredOf(result),
  }));
  const header = { experiment: 'EXPERIMENT', verdict: 'VERDICT', seconds: 'TIME S', measured: 'MEASURED' };
  const columns = /** @type {Array<keyof typeof header>} */ (Object.keys(header));
  const widths = columns.map((column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  console.log('');
  for (const row of [header, ...rows])
    console.log(
      columns
        .map((column, index) => row[column].padEnd(/** @type {number} */ (widths[index])))
        .join('  ')
        .trimEnd(),
    );
  for (const result of results)
    for (const problem of result.problems) console.log(`  ${result.experiment}: ${problem}`);
}

/**
 * @param {ExperimentResult} result
 */
function measuredOf(result) {
  if (result.restartSeconds)
    return `restart-to-ready max ${Math.max(...Object.values(result.restartSeconds))} s; settled ${result.settleSeconds} s; ${countsLine(result.counts)}`;
  if ('catchUpSeconds' in result)
    return `catch-up ${result.catchUpSeconds ?? 'never'} s (bound ${result.boundSeconds} s); ${result.acceptedWhileDown} accepted while down`;
  if ('readyAgainSeconds' in result)
    return `ready again ${result.readyAgainSeconds ?? 'never'} s (bound ${result.boundSeconds} s); not-ready seen in ${result.reportedNotReady.length}/6`;
  if (result.counter)
    return `${result.counter.sales} sales, ${result.counter.invoices} invoices, stock ${result.counter.stockBefore} -> ${result.counter.stockAfter}`;
  if ('messagesPublished' in result)
    return `${result.messagesPublished} messages replayed, consumed in ${result.consumedSeconds} s`;
  return '';
}

/**
 * @param {Record<string, { accepted?: number }> | undefined} counts
 */
function countsLine(counts) {
  if (!counts) return '';
  return ['bookings', 'orders', 'payments', 'bills']
    .map((kind) => `${counts[kind]?.accepted ?? 0} ${kind}`)
    .join(', ');
}

async function main() {
  assertPrivate();
  log(`private infrastructure (${infraEnv().KAFKA_BROKERS}, pg ${PORTS.postgres}, redis ${PORTS.redis})`);
  const infra = await privateInfraUp();
  log(
    `  ${Object.entries(infra)
      .map(([name, state]) => `${name} ${state.outcome} ${state.seconds.toFixed(1)} s`)
      .join(', ')}`,
  );
  // The private sink only: other people's tests read the shared one.
  await fetch(`${mailWebUrl}/email/all`, { method: 'DELETE' });
  stack = await startThrowawayStack({ name: 'faults', env: { ...RELAXED_RATE_LIMITS, LOG_LEVEL: 'warn' } });
  log(`stack up at ${stack.url} (${stack.prefix}; logs ${stack.logDir})`);
  db = openDatabases(/** @type {string} */ (infraEnv().PG_ADMIN_URL), stack.prefix);
  // The throwaway stack starts its own Razorpay sandbox unless RAZORPAY_API_URL names a provider.
  const sandboxUrl = /** @type {string} */ (stack.razorpaySandboxUrl);
  load = createLoad({ baseUrl: stack.url, sandboxUrl, customers: 6, log });
  await load.setUp();
  log('load ready (6 customers, staff signed in)');

  await experiment('kill -9 each service', killEachService);
  await experiment('kafka stopped 15 s', kafkaOutage);
  await experiment('postgres restart', () => storeRestart('postgres'));
  await experiment('redis restart', () => storeRestart('redis'));
  await experiment('counter checkout interrupted', () =>
    counterCheckoutInterrupted({ stack, db, log }).finally(() => {
      lastFaultAt = Date.now();
    }),
  );
  await experiment('redeliver twice, shuffled', redeliverEverything);
}

/** @type {Promise<void> | undefined} */
let cleaning;
async function cleanUp() {
  cleaning ??= (async () => {
    await load?.stop().catch(() => undefined);
    await db?.close().catch(() => undefined);
    await stack?.dispose().catch((error) => console.error(`stack dispose: ${error.message}`));
    // The private infrastructure goes down; its data dir stays, so the next run starts in seconds.
    await privateInfraDown().catch((error) => console.error(`private infra down: ${error.message}`));
  })();
  return cleaning;
}

/** Prints the verdicts, writes the summary and exits: 1 when anything failed or nothing ran. */
function finish() {
  printTable();
  const failed = results.filter((result) => result.verdict !== 'PASS');
  const exitCode = failed.length > 0 || results.length === 0 ? 1 : 0;
  mkdirSync(summaryDir, { recursive: true });
  const summary = {
    finishedAt: new Date().toISOString(),
    totalSeconds: seconds(Date.now() - startedAt),
    verdict: exitCode === 0 ? 'PASS' : 'FAIL',
    experiments: results,
    ledger: load ? { accepted: load.totals(), uncertain: load.uncertain, requests: load.stats } : null,
  };
  writeFileSync(path.join(summaryDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(
    `\nfaults: ${results.length - failed.length} passed, ${failed.length} failed in ${summary.totalSeconds} s; ` +
      `summary in ${path.relative(repoRoot(), summaryDir)}/summary.json`,
  );
  process.exit(exitCode);
}

process.once('SIGTERM', async () => {
  console.error('faults: interrupted, cleaning up');
  results.push({
    experiment: 'run',
    verdict: 'FAIL',
    seconds: seconds(Date.now() - startedAt),
    problems: ['interrupted (over the time limit)'],
  });
  await cleanUp();
  finish();
});

try {
  await main();
} catch (error) {
  results.push({
    experiment: 'setup',
    verdict: 'FAIL',
    seconds: seconds(Date.now() - startedAt),
    problems: [String(/** @type {Error | undefined} */ (error)?.stack ?? error)],
  });
} finally {
  await cleanUp();
}
finish();
