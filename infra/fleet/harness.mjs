// The replicated fleet run. Runs in a process whose environment points infra/local at the
// fleet's PRIVATE Postgres, Redis and SMTP sink (run.mjs sets it); starts a three-node Kafka of its own,
// then two replicas of every service and gateway behind HAProxy (fleet.mjs), drives the booking,
// checkout and billing load with its ledger (infra/faults/load.mjs) plus a steady browse, and judges:
// cold start, rolling restart, kill -9, broker stops, Kafka down 30 s, pruning, queue depth, chunked
// bodies, and the restore drill. Verdicts print as a table and go to .data/fleet/summary.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOST, infraEnv, PORTS, repoRoot } from '../local/env.mjs';
import { bringDown, bringUp } from '../local/lib/lifecycle.mjs';
import { maildev } from '../local/lib/maildev.mjs';
import { ensureBaseDirs } from '../local/lib/paths.mjs';
import { postgres } from '../local/lib/postgres.mjs';
import { redis } from '../local/lib/redis.mjs';
import { RELAXED_RATE_LIMITS } from '../local/throwaway-stack.mjs';
import {
  deliveryReport,
  ledgerReport,
  openDatabases,
  outboxBacklog,
  SERVICE_NAMES,
} from '../faults/checks.mjs';
import { createLoad } from '../faults/load.mjs';
import { isPayloadTooLarge, streamOversizeBody } from './chunked.mjs';
import { createFleet } from './fleet.mjs';
import { kafkaCluster } from './kafka-cluster.mjs';

const FLEET_PORT_BASE = 31_000;
const KAFKA_BASE_PORT = 31_200;
const KAFKA_OUTAGE_MS = 30_000;
const BROKER_STOP_MS = 20_000;
const SETTLE_TIMEOUT_MS = 120_000;
const SAMPLE_EVERY_MS = 20_000;
// The run's event-table lifetimes (production keeps days): short, so pruning is seen within the run.
const OUTBOX_RETENTION_S = 72;
const INBOX_RETENTION_S = 172.8;
const PRUNING_INTERVAL_S = 15;
const SOAK_MS = 10 * 60_000; // the load runs at least this long before the tables are judged flat
// FLEET_ONLY=chunked: the cold start and the chunked check alone, with no load (a couple of minutes).
// FLEET_ONLY=rolling or FLEET_ONLY=restore: the cold start, the load, and that check alone.
const ONLY = process.env.FLEET_ONLY ?? '';
const ALONE = ['chunked', 'rolling', 'restore'];
// The restore drill is judged on at least this much of each kind accepted after the backup.
const RESTORE_MIN_AFTER_BACKUP = 100;
const RESTORE_WORK_TIMEOUT_MS = 6 * 60_000;
// What the load may be answered in any phase: 409 is a slot taken or an unpaid order still held.
const EXPECTED_STATUSES = new Set([200, 201, 409]);

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (/** @type {number} */ ms) => Number((ms / 1000).toFixed(1));
const startedAt = Date.now();
const log = (/** @type {string} */ line) =>
  console.log(
    `[${seconds(Date.now() - startedAt)
      .toFixed(1)
      .padStart(6)} s] ${line}`,
  );
const summaryDir = path.join(repoRoot(), '.data', 'fleet');
const mailWebUrl = `http://${HOST}:${PORTS.mailWeb}`;

/** @typedef {{ name: string, pass: boolean, figure: string, problems: string[], seconds: number }} Check */
/** @type {Check[]} */
const checks = [];
const prefix = `fleet_${randomBytes(3).toString('hex')}`;
const logDir = path.join(summaryDir, 'logs', prefix);
const cluster = kafkaCluster({ dir: path.join(summaryDir, 'kafka'), basePort: KAFKA_BASE_PORT });
/** @type {ReturnType<typeof createFleet>} */
let fleet;
/** @type {ReturnType<typeof openDatabases>} */
let db;
/** @type {ReturnType<typeof createLoad>} */
let load;
/** @type {Array<Record<string, any>>} */
const tableSamples = [];

// A steady anonymous browse beside the ledger load: the catalogue pages a visitor opens.
const browse = {
  requests: 0,
  failures: /** @type {Array<{ at: number, status: number }>} */ ([]),
  /** Answers other than 200 below 500 (a 401, 403 or 404): counted as failures by the rolling restart. */
  refused: /** @type {Array<{ at: number, status: number, route: string }>} */ ([]),
  running: false,
};
/** @type {Promise<void> | undefined} */
let browsing;
async function browseLoop() {
  const paths = [
    '/api/v1/products?page=1&pageSize=12',
    '/api/v1/admin/services',
    '/api/v1/admin/categories',
    '/store',
  ];
  while (browse.running) {
    const started = Date.now();
    for (const target of paths) {
      browse.requests++;
      try {
        const response = await fetch(`${fleet.url}${target}`, { signal: AbortSignal.timeout(8_000) });
        await response.arrayBuffer();
        if (response.status >= 500) browse.failures.push({ at: Date.now(), status: response.status });
        else if (response.status !== 200)
          browse.refused.push({ at: Date.now(), status: response.status, route: target });
      } catch {
        browse.failures.push({ at: Date.now(), status: 0 });
      }
    }
    await sleep(Math.max(0, 200 - (Date.now() - started))); // ~20 requests a second
  }
}

/** Requests that failed (broken connection or 5xx) in [from, to], both loads together. */
function failuresBetween(/** @type {number} */ from, /** @type {number} */ to = Date.now()) {
  const inWindow = (/** @type {{ at: number }} */ entry) => entry.at >= from && entry.at <= to;
  return [...load.failures.filter(inWindow), ...browse.failures.filter(inWindow)];
}

/**
 * @param {string} name
 * @param {() => Promise<{ problems: string[], figure: string }>} run
 */
async function check(name, run) {
  log(`--- ${name}`);
  const began = Date.now();
  try {
    const { problems, figure } = await run();
    checks.push({
      name,
      pass: problems.length === 0,
      figure,
      problems,
      seconds: seconds(Date.now() - began),
    });
  } catch (error) {
    checks.push({
      name,
      pass: false,
      figure: '',
      problems: [`crashed: ${/** @type {Error} */ (error)?.stack ?? error}`],
      seconds: seconds(Date.now() - began),
    });
  }
  const last = /** @type {Check} */ (checks.at(-1));
  log(
    `${name}: ${last.pass ? 'PASS' : 'FAIL'} — ${last.figure}${last.problems.length ? ` — ${last.problems.join('; ')}` : ''}`,
  );
}

/** Outboxes sent and every event handled by its consumers; answers how long it took. */
async function waitForSettled(timeoutMs = SETTLE_TIMEOUT_MS) {
  const from = Date.now();
  let last = '';
  for (;;) {
    try {
      const backlog = Object.values(await outboxBacklog(db)).reduce((sum, n) => sum + n, 0);
      const delivery = await deliveryReport(db);
      if (backlog === 0 && delivery.missing === 0)
        return { settled: true, ms: Date.now() - from, at: Date.now() };
      last = `${backlog} unsent, ${delivery.missing} not handled`;
    } catch (error) {
      last = String(/** @type {Error} */ (error)?.message ?? error);
    }
    if (Date.now() - from > timeoutMs) return { settled: false, ms: Date.now() - from, at: Date.now(), last };
    await sleep(500);
  }
}

async function sampleTables() {
  /** @type {Record<string, any>} */
  const sample = {
    at: seconds(Date.now() - startedAt),
    outboxRows: 0,
    inboxRows: 0,
    bytes: 0,
    oldestSentS: 0,
    oldestHandledS: 0,
  };
  for (const name of SERVICE_NAMES) {
    const [row] = await db.query(
      name,
      `select (select count(*)::int from outbox) as outbox, (select count(*)::int from inbox) as inbox,
              (pg_total_relation_size('outbox') + pg_total_relation_size('inbox'))::bigint as bytes,
              coalesce(extract(epoch from now() - (select min(sent_at) from outbox)), 0)::float8 as oldest_sent,
              coalesce(extract(epoch from now() - (select min(handled_at) from inbox)), 0)::float8 as oldest_handled`,
    );
    sample.outboxRows += row.outbox;
    sample.inboxRows += row.inbox;
    sample.bytes += Number(row.bytes);
    sample.oldestSentS = Math.max(sample.oldestSentS, Number(row.oldest_sent));
    sample.oldestHandledS = Math.max(sample.oldestHandledS, Number(row.oldest_handled));
  }
  tableSamples.push(sample);
}

// 4. Cold start ---------------------------------------------------------------------------------------
async function coldStart() {
  /** @type {string[]} */
  const problems = [];
  const ms = await fleet.start();
  const exited = fleet.replicas.filter((replica) => replica.child?.exitCode !== null);
  if (exited.length > 0) problems.push(`exited: ${exited.map((replica) => replica.name).join(', ')}`);
  // Each migration recorded once, and one relay (one advisory-lock holder) per database.
  /** @type {string[]} */
  const relays = [];
  for (const name of SERVICE_NAMES) {
    const [migrations] = await db.query(
      name,
      `select (select count(*)::int from drizzle.__kit_migrations) as kit,
              (select count(distinct hash)::int from drizzle.__kit_migrations) as kit_distinct,
              (select count(*)::int from drizzle.__drizzle_migrations) as own,
              (select count(distinct hash)::int from drizzle.__drizzle_migrations) as own_distinct`,
    );
    if (migrations.kit !== migrations.kit_distinct || migrations.own !== migrations.own_distinct)
      problems.push(`${name}: a migration recorded twice`);
    // Give the standby a moment to try: it must still not hold the lock.
    const [holders] = await db.query(
      name,
      `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and l.granted and d.datname = current_database()`,
    );
    relays.push(`${name} ${holders.n}`);
    if (holders.n !== 1) problems.push(`${name}: ${holders.n} relay lock holders (want 1)`);
  }
  return {
    problems,
    figure: `${fleet.replicas.length} replicas ready in ${seconds(ms)} s; relay senders per database: ${relays.join(', ')}`,
  };
}

// 1. Rolling restart ----------------------------------------------------------------------------------
// As a rollout of every Deployment at once does it: each service (and the gateway) one replica at a
// time, the services side by side; replica 1 of each, then replica 2 once those are back in rotation.
async function rollingRestart() {
  /** @type {string[]} */
  const problems = [];
  const from = Date.now();
  const requestsBefore = load.stats.requests + browse.requests;
  const statusesBefore = { ...load.stats.byStatus };
  /** @type {number[]} */
  const exitTimes = [];
  for (const index of [1, 2]) {
    await Promise.all(
      fleet.replicas
        .filter((replica) => replica.replica === index)
        .map(async (replica) => {
          const { code, ms } = await fleet.terminate(replica);
          exitTimes.push(ms);
          if (code !== 0) problems.push(`${replica.name} exited with ${code} after SIGTERM`);
          await fleet.startReplica(replica);
          await fleet.waitBalancer(replica, 'UP');
        }),
    );
  }
  await sleep(2_000);
  const failed = failuresBetween(from);
  if (failed.length > 0)
    problems.push(
      `${failed.length} failed requests (e.g. ${failed
        .slice(0, 3)
        .map((entry) => `${entry.status} ${'route' in entry ? entry.route : ''}`)
        .join(', ')})`,
    );
  // Any other answer the load was not written to expect (a 401 while identity's keys were away, a 403,
  // a 404 from a replica not yet routing, a 422) fails the restart as a 5xx does: the 5xx are counted
  // above, the rest here.
  /** @type {Record<string, number>} */
  const unexpected = {};
  for (const [status, count] of Object.entries(load.stats.byStatus)) {
    const during = count - (statusesBefore[status] ?? 0);
    if (during > 0 && !EXPECTED_STATUSES.has(Number(status)) && Number(status) < 500)
      unexpected[status] = during;
  }
  const refused = browse.refused.filter((entry) => entry.at >= from);
  for (const entry of refused) unexpected[entry.status] = (unexpected[entry.status] ?? 0) + 1;
  const unexpectedCount = Object.values(unexpected).reduce((sum, n) => sum + n, 0);
  if (unexpectedCount > 0)
    problems.push(
      `${unexpectedCount} unexpected answers (${Object.entries(unexpected)
        .map(([status, n]) => `${n} × ${status}`)
        .join(
          ', ',
        )}${refused.length ? `; browse e.g. ${refused[0]?.status} ${refused[0]?.route}` : ''}; load's first errors: ${JSON.stringify(load.stats.firstErrors.slice(-3))})`,
    );
  const requests = load.stats.requests + browse.requests - requestsBefore;
  return {
    problems,
    figure: `${fleet.replicas.length} replicas restarted, one per service at a time, in ${seconds(Date.now() - from)} s; ${requests} requests, ${failed.length} failed (5xx or broken), ${unexpectedCount} answered otherwise than 200/201/409; SIGTERM to exit max ${seconds(Math.max(...exitTimes))} s`,
  };
}

// 2. kill -9 one replica of each ----------------------------------------------------------------------
async function killEach() {
  /** @type {string[]} */
  const problems = [];
  /** @type {number[]} */
  const detections = [];
  let failedTotal = 0;
  let failedOutside = 0;
  for (const replica of fleet.replicas.filter((candidate) => candidate.replica === 1)) {
    const killedAt = Date.now();
    await fleet.kill(replica);
    const detected = await fleet.waitBalancer(replica, 'DOWN');
    detections.push(detected);
    await sleep(1_000);
    await fleet.startReplica(replica);
    await fleet.waitBalancer(replica, 'UP');
    await sleep(500);
    const failed = failuresBetween(killedAt);
    failedTotal += failed.length;
    // Allowed: requests in flight on the killed process, and those sent before HAProxy took it out.
    failedOutside += failed.filter((entry) => entry.at > killedAt + detected + 8_000).length;
  }
  if (failedOutside > 0)
    problems.push(`${failedOutside} requests failed after the load balancer's detection window`);
  return {
    problems,
    figure: `7 kills; detection window max ${seconds(Math.max(...detections))} s (mean ${seconds(detections.reduce((a, b) => a + b, 0) / detections.length)} s); ${failedTotal} requests failed, ${failedOutside} outside the window`,
  };
}

// 3. One broker stopped, then another ----------------------------------------------------------------
async function brokerStops() {
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const figures = [];
  for (const id of [1, 2]) {
    const downAt = Date.now();
    await cluster.stopNode(id);
    await sleep(BROKER_STOP_MS);
    const accepted = load.acceptedBetween(downAt, Date.now());
    const backlog = Object.values(await outboxBacklog(db)).reduce((sum, n) => sum + n, 0);
    await cluster.startNode(id);
    const backAt = Date.now();
    const settle = await waitForSettled();
    if (!settle.settled) problems.push(`broker ${id}: not settled (${settle.last})`);
    if (accepted === 0) problems.push(`broker ${id} down: nothing accepted`);
    figures.push(
      `broker ${id} down ${seconds(backAt - downAt)} s: ${accepted} accepted, backlog ${backlog}, lag recovered ${seconds(settle.ms)} s after its return`,
    );
  }
  return { problems, figure: figures.join('; ') };
}

// 5. Kafka down entirely for 30 s --------------------------------------------------------------------
async function kafkaDown() {
  /** @type {string[]} */
  const problems = [];
  await cluster.killAll();
  const downAt = Date.now();
  /** @type {Set<string>} */
  const notReady = new Set();
  let healthSeen = '';
  while (Date.now() - downAt < KAFKA_OUTAGE_MS) {
    for (const replica of fleet.replicas) if (!(await fleet.isReady(replica))) notReady.add(replica.name);
    try {
      const response = await fetch(`${fleet.url}/healthz`, { signal: AbortSignal.timeout(3_000) });
      healthSeen = `${response.status} ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      healthSeen = String(error);
    }
    await sleep(2_000);
  }
  const accepted = load.acceptedBetween(downAt, Date.now());
  const failedWhileDown = failuresBetween(downAt).length;
  await cluster.startAll();
  const backAt = Date.now();
  const settle = await waitForSettled();
  if (notReady.size > 0)
    problems.push(`taken out of rotation while Kafka was down: ${[...notReady].join(', ')}`);
  if (!/kafka/i.test(healthSeen)) problems.push(`/healthz did not name Kafka as degraded: ${healthSeen}`);
  if (accepted === 0) problems.push('nothing accepted while Kafka was down');
  if (!settle.settled) problems.push(`not settled after Kafka came back (${settle.last})`);
  return {
    problems,
    figure: `${seconds(backAt - downAt)} s down: ${accepted} writes accepted, ${failedWhileDown} requests failed, replicas out of rotation ${notReady.size}; caught up ${seconds(settle.ms)} s after Kafka returned`,
  };
}

// Pruning, queue depth, chunked bodies ---------------------------------------------------------------
async function pruning() {
  /** @type {string[]} */
  const problems = [];
  await sampleTables();
  const rows = (/** @type {Record<string, any>} */ sample) => sample.outboxRows + sample.inboxRows;
  // Flat means bounded by the load's rate times the retention: no sent outbox row and no inbox row
  // outlives its retention by more than a pruning interval (and slack for a sample taken mid-run).
  // The row count itself is printed, not judged: it follows the load, which the faults before made
  // uneven (an outage's backlog arrives in the inboxes at once and leaves a retention later).
  const end = /** @type {Record<string, any>} */ (tableSamples.at(-1)).at;
  const last = tableSamples.filter((sample) => sample.at > end - 180);
  const oldestSent = Math.max(...last.map((sample) => sample.oldestSentS));
  const oldestHandled = Math.max(...last.map((sample) => sample.oldestHandledS));
  const slackS = PRUNING_INTERVAL_S + 30;
  if (last.length < 3) problems.push(`too few samples (${tableSamples.length})`);
  if (oldestSent > OUTBOX_RETENTION_S + slackS)
    problems.push(`a sent outbox row ${Math.round(oldestSent)} s old (retention ${OUTBOX_RETENTION_S} s)`);
  if (oldestHandled > INBOX_RETENTION_S + slackS)
    problems.push(`an inbox row ${Math.round(oldestHandled)} s old (retention ${INBOX_RETENTION_S} s)`);
  return {
    problems,
    figure: `in the last three minutes of a ${Math.round(end / 60)}-minute run the oldest sent outbox row was ${Math.round(oldestSent)} s old (retention ${OUTBOX_RETENTION_S} s) and the oldest inbox row ${Math.round(oldestHandled)} s (retention ${INBOX_RETENTION_S} s); outbox+inbox rows of all six databases peak ${Math.max(...tableSamples.map(rows))}, ${Math.max(...last.map(rows))} in the last three minutes (${((tableSamples.at(-1)?.bytes ?? 0) / 1048576).toFixed(1)} MiB); samples: ${tableSamples.map((sample) => `${Math.round(sample.at)}s ${rows(sample)}`).join(', ')}`,
  };
}

async function queueDepth() {
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const found = [];
  for (const name of ['notification-1', 'billing-1']) {
    const replica = /** @type {import('./fleet.mjs').Replica} */ (
      fleet.replicas.find((candidate) => candidate.name === name)
    );
    const text = await (await fetch(`http://127.0.0.1:${replica.port}/metrics`)).text();
    const lines = text
      .split('\n')
      .filter((line) => /^bullmq_queue_\w*waiting\w*\{/.test(line) || /^queue_\w*waiting\w*\{/.test(line));
    if (lines.length === 0) problems.push(`${name}: no queue waiting gauge on /metrics`);
    else found.push(`${name}: ${lines.slice(0, 2).join(' ')}`);
  }
  return { problems, figure: found.join('; ') };
}

// Ten in a row: a refusal that closed the connection too early lost the answer now and then (HAProxy
// got a reset while still forwarding the body), so one attempt passing proves little.
const CHUNKED_ATTEMPTS = 10;
const CHUNKED_SIZE = 3 * 1024 * 1024;
async function chunkedBody() {
  /** @type {string[]} */
  const problems = [];
  /** @type {number[]} */
  const sentBeforeAnswer = [];
  let writeErrors = 0;
  for (let attempt = 1; attempt <= CHUNKED_ATTEMPTS; attempt++) {
    const answer = await streamOversizeBody(`${fleet.url}/api/v1/cart`, CHUNKED_SIZE);
    if (!isPayloadTooLarge(answer))
      problems.push(
        `attempt ${attempt}: answered ${answer.status} ${answer.error ?? ''} ${answer.text.slice(0, 100)}`.trim(),
      );
    else sentBeforeAnswer.push(answer.sentBeforeAnswer);
    if (answer.writeError) writeErrors++;
  }
  const mib = (/** @type {number} */ bytes) => (bytes / 1048576).toFixed(1);
  return {
    problems,
    figure: `3 MiB chunked through HAProxy, ${CHUNKED_ATTEMPTS} times → ${sentBeforeAnswer.length} × 413 in the error shape${
      sentBeforeAnswer.length
        ? ` (answered after ${mib(Math.min(...sentBeforeAnswer))}–${mib(Math.max(...sentBeforeAnswer))} MiB written)`
        : ''
    }; writes failing after the answer: ${writeErrors}`,
  };
}

// Ledger: nothing accepted lost or doubled across all of the above -----------------------------------
async function ledger() {
  // The load pauses while the tables are read: an order committed whose answer is still on its way
  // would otherwise count as a row nobody was told about (the soak resumes it).
  await load.stop();
  const settle = await waitForSettled();
  const report = await ledgerReport(db, load.ledger, load.uncertain);
  load.start();
  const problems = [...report.problems];
  if (report.problems.some((problem) => problem.startsWith('bookings'))) {
    // Which rows, and when: to tell the phase that made them.
    const known = load.ledger.bookings.map((booking) => booking.id);
    const extra = await db.query(
      'booking',
      `select id::text, created_at, payment_method, status from appointments where not (id::text = any($1)) limit 5`,
      [known],
    );
    problems.push(
      `rows beyond the ledger: ${JSON.stringify(extra)}; first errors: ${JSON.stringify(load.stats.firstErrors.slice(0, 6))}`,
    );
  }
  if (!settle.settled) problems.push(`not settled (${settle.last})`);
  const counts = /** @type {Record<string, any>} */ (report.counts);
  return {
    problems,
    figure:
      ['bookings', 'orders', 'payments', 'bills']
        .map((kind) => `${counts[kind]?.accepted ?? 0} ${kind}`)
        .join(', ') + ` accepted; lost 0 means every one is in its table once`,
  };
}

// 6. Restore drill ------------------------------------------------------------------------------------
async function restoreDrill() {
  const { backupDatabases, restoreDatabase, rewindConsumerGroup } = await import('../ops/backup-lib.mjs');
  /** @type {string[]} */
  const problems = [];
  const adminUrl = infraEnv().PG_ADMIN_URL;
  const databases = SERVICE_NAMES.map((name) => `${prefix}_${name}`);
  // Both kinds of backup: a logical dump of each database (what a restore of one service uses)
  // and a base backup of the whole cluster with its WAL (what a restore of everything would use).
  const backup = await backupDatabases({
    adminUrl,
    databases,
    base: true,
    dir: path.join(summaryDir, 'backups', prefix),
  });
  const backupAt = Date.now();
  const billsBefore = load.ledger.bills.length;
  const bookingsBefore = load.ledger.bookings.length;
  const paymentsBefore = load.ledger.payments.length;
  // Enough work after the backup that "none lost" means something: the load runs on until it has
  // accepted at least RESTORE_MIN_AFTER_BACKUP of each kind the drill judges, or the time is up.
  const appointmentPaymentsSince = () =>
    load.ledger.payments.slice(paymentsBefore).filter((payment) => payment.kind === 'appointment').length;
  const workSince = () => ({
    bills: load.ledger.bills.length - billsBefore,
    appointments: load.ledger.bookings.length - bookingsBefore,
    'appointment payments': appointmentPaymentsSince(),
  });
  while (
    Object.values(workSince()).some((n) => n < RESTORE_MIN_AFTER_BACKUP) &&
    Date.now() - backupAt < RESTORE_WORK_TIMEOUT_MS
  )
    await sleep(2_000);
  const workBeforeRestore = workSince();
  /** @type {string[]} */
  const figures = [
    `backup of ${databases.length} databases and a base backup with WAL (${((backup.manifest.base?.bytes ?? 0) / 1048576).toFixed(1)} MiB) in ${seconds(backup.ms)} s`,
    `accepted after the backup before the restores (${seconds(Date.now() - backupAt)} s): ${Object.entries(
      workBeforeRestore,
    )
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ')}`,
  ];
  for (const service of ['billing', 'booking']) {
    const replicas = fleet.replicas.filter((replica) => replica.role === service);
    const stoppedAt = Date.now();
    for (const replica of replicas) await fleet.terminate(replica);
    await restoreDatabase({
      adminUrl,
      database: `${prefix}_${service}`,
      dump: /** @type {string} */ (backup.files[`${prefix}_${service}`]),
      owner: service,
    });
    // What `npm run restore` does for billing and booking: their own consumer group moves back to the
    // backup's start (less a minute), so the events they consumed since are handed to them again.
    // A replica killed after its grace period stays a member until its session times out (10 s).
    const rewind = () =>
      rewindConsumerGroup({
        brokers: cluster.brokers.split(','),
        namespace: prefix,
        groupId: service,
        toMs: Date.parse(backup.manifest.startedAt) - 60_000,
      });
    const rewound = await rewind().catch(async () => {
      await sleep(12_000);
      return rewind();
    });
    for (const replica of replicas) await fleet.startReplica(replica);
    figures.push(`${service}'s group rewound (${rewound.moved} partitions)`);
    figures.push(`${service} restored in ${seconds(Date.now() - stoppedAt)} s`);
    await sleep(15_000);
  }
  // Judged with the load stopped (an answer still on its way would read as lost) and once every event
  // sent has been handled (a payment captured while booking was stopped is applied when its consumer
  // catches up), or after the settle timeout.
  await load.stop();
  const settle = await waitForSettled();
  figures.push(
    settle.settled ? `events settled ${seconds(settle.ms)} s after` : `not settled (${settle.last})`,
  );
  const bills = await db.query('billing', 'select invoice_number from bills');
  const numbers = load.ledger.bills.map((bill) => bill.invoiceNumber);
  const repeated = numbers.length - new Set(numbers).size;
  if (repeated > 0) problems.push(`${repeated} invoice numbers issued twice after the restore`);
  const billIds = new Set(
    (await db.query('billing', 'select id::text as id from bills')).map((row) => row.id),
  );
  const billsLost = load.ledger.bills.slice(billsBefore).filter((bill) => !billIds.has(bill.id)).length;
  const appointmentIds = new Set(
    (await db.query('booking', 'select id::text as id from appointments')).map((row) => row.id),
  );
  const bookingsAfterBackup = load.ledger.bookings.filter((_, index) => index >= bookingsBefore);
  const bookingsLost = bookingsAfterBackup.filter((booking) => !appointmentIds.has(booking.id)).length;
  // Appointments paid online after the backup: their rows must say Paid again (a state the snapshot
  // carries), not the Pending they had when the backup was taken.
  const paidStates = new Map(
    (await db.query('booking', 'select id::text as id, payment_status from appointments')).map((row) => [
      row.id,
      row.payment_status,
    ]),
  );
  const paidAfterBackup = load.ledger.payments
    .slice(paymentsBefore)
    .filter((payment) => payment.kind === 'appointment');
  const paymentsLost = paidAfterBackup.filter(
    (payment) => paidStates.get(payment.targetId) !== 'Paid',
  ).length;
  if (paymentsLost > 0)
    problems.push(
      `${paymentsLost} appointment payments verified after the backup do not show Paid after the restore`,
    );
  // Billing writes back, from its own bill topic, the bills a restored database forgot.
  if (billsLost > 0)
    problems.push(`${billsLost} bills issued after the backup are not back after billing's restore`);
  if (bookingsLost > 0)
    problems.push(
      `${bookingsLost} appointments accepted after the backup are not back after booking's restore`,
    );
  // "0 lost of 0" proves nothing: each kind judged needs its minimum of work after the backup.
  for (const [kind, n] of Object.entries(workSince()))
    if (n < RESTORE_MIN_AFTER_BACKUP)
      problems.push(
        `only ${n} ${kind} accepted after the backup (at least ${RESTORE_MIN_AFTER_BACKUP} wanted)`,
      );
  // Doubles: the replayed events and billing's write-back must not make a row twice (rows nobody was
  // told of beyond the uncertain requests, an id or an invoice number twice); the whole ledger, judged
  // as the ledger check judges it, after the restore.
  const afterRestore = await ledgerReport(db, load.ledger, load.uncertain);
  for (const problem of afterRestore.problems) problems.push(`after the restore: ${problem}`);
  const restoredCounts = /** @type {Record<string, any>} */ (afterRestore.counts);
  figures.push(
    `${bills.length} bills, no invoice number repeated (${repeated}); lost after the backup: ${billsLost} bills (of ${load.ledger.bills.length - billsBefore}), ${bookingsLost} appointments (of ${bookingsAfterBackup.length}), ${paymentsLost} appointment payments (of ${paidAfterBackup.length}); doubled after the restore: ${[
      'bookings',
      'bills',
    ]
      .map(
        (kind) =>
          `${kind} ${restoredCounts[kind]?.duplicated ?? '?'} twice, ${restoredCounts[kind]?.beyondLedger ?? '?'} beyond the ledger (${restoredCounts[kind]?.uncertain ?? '?'} uncertain)`,
      )
      .join(', ')}; backup taken ${seconds(Date.now() - backupAt)} s before the check`,
  );
  return { problems, figure: figures.join('; ') };
}

function printTable() {
  const rows = checks.map((entry) => ({
    check: entry.name,
    verdict: entry.pass ? 'PASS' : 'FAIL',
    figure: entry.figure,
  }));
  const width = Math.max(...rows.map((row) => row.check.length), 5);
  console.log('');
  console.log(`${'CHECK'.padEnd(width)}  VERDICT  FIGURE`);
  for (const row of rows) console.log(`${row.check.padEnd(width)}  ${row.verdict.padEnd(7)}  ${row.figure}`);
  for (const entry of checks)
    for (const problem of entry.problems) console.log(`  ${entry.name}: ${problem}`);
}

async function main() {
  if (PORTS.postgres === 55432 || !process.env.SPA_DATA_DIR)
    throw new Error('refusing to run on the shared infrastructure: use npm run test:fleet');
  if (ONLY && !ALONE.includes(ONLY))
    throw new Error(`FLEET_ONLY=${ONLY}: the checks that run alone are ${ALONE.join(', ')}`);
  ensureBaseDirs();
  log(
    `private infrastructure (pg ${PORTS.postgres}, redis ${PORTS.redis}, smtp ${PORTS.smtp}) and a three-node Kafka`,
  );
  await Promise.all([bringUp(postgres), bringUp(redis), bringUp(maildev), cluster.start()]);
  await fetch(`${mailWebUrl}/email/all`, { method: 'DELETE' }).catch(() => undefined);
  log(`  up; kafka ${cluster.brokers}`);
  db = openDatabases(/** @type {string} */ (infraEnv().PG_ADMIN_URL), prefix);
  fleet = createFleet({
    portBase: FLEET_PORT_BASE,
    prefix,
    logDir,
    kafkaBrokers: cluster.brokers,
    env: {
      ...RELAXED_RATE_LIMITS,
      // Short lifetimes, so pruning is seen within the run (production keeps days). The inbox keeps ids
      // longer than the outbox keeps rows, so an event still in an outbox is still in its inboxes.
      OUTBOX_RETENTION_HOURS: String(OUTBOX_RETENTION_S / 3600),
      INBOX_RETENTION_DAYS: String(INBOX_RETENTION_S / 86400),
      EVENT_PRUNING_INTERVAL_MS: String(PRUNING_INTERVAL_S * 1000),
      SHUTDOWN_DRAIN_MS: '1500',
      LOG_LEVEL: 'info',
    },
  });
  await check('cold start: every replica at once', coldStart);
  if (ONLY === 'chunked') {
    await check('chunked oversize body refused', chunkedBody);
    return;
  }
  load = createLoad({ baseUrl: fleet.url, sandboxUrl: fleet.sandboxUrl, customers: 6, thinkMs: 150, log });
  await load.setUp();
  load.start();
  const loadStartedAt = Date.now();
  browse.running = true;
  browsing = browseLoop();
  const sampler = setInterval(() => void sampleTables().catch(() => undefined), SAMPLE_EVERY_MS);
  log('load running (6 customers booking, checking out and billing; a browse at ~20 req/s)');
  await sleep(10_000);
  if (ONLY === 'restore') {
    await check('restore drill: billing, then booking alone', restoreDrill);
    return;
  }
  await check('rolling restart: zero failed requests', rollingRestart);
  if (ONLY === 'rolling') return;
  await check('kill -9 one replica of each', killEach);
  await check('one broker stopped, then another', brokerStops);
  await check('Kafka down 30 s: still ready', kafkaDown);
  await check('chunked oversize body refused', chunkedBody);
  await check('queue depth on /metrics', queueDepth);
  await check('ledger: nothing lost or doubled', ledger);
  // The soak: the load goes on until it has run SOAK_MS in all, sampling the tables as it goes.
  const soakLeft = loadStartedAt + SOAK_MS - Date.now();
  if (soakLeft > 0) {
    log(`soak: ${seconds(soakLeft)} s more of load, to ${seconds(SOAK_MS)} s in all`);
    await sleep(soakLeft);
  }
  await check('pruning: outbox and inbox stay flat', pruning);
  clearInterval(sampler);
  await check('restore drill: billing, then booking alone', restoreDrill);
}

async function cleanUp() {
  browse.running = false;
  await browsing?.catch(() => undefined);
  await load?.stop().catch(() => undefined);
  await db?.close().catch(() => undefined);
  await fleet?.stop().catch((error) => console.error(`fleet stop: ${error.message}`));
  await fleet?.dropDatabases().catch(() => undefined);
  await cluster.destroy().catch((error) => console.error(`kafka down: ${error.message}`));
  await Promise.allSettled([bringDown(postgres), bringDown(redis), bringDown(maildev)]);
}

function finish() {
  printTable();
  const failed = checks.filter((entry) => !entry.pass);
  mkdirSync(summaryDir, { recursive: true });
  const summary = {
    finishedAt: new Date().toISOString(),
    totalSeconds: seconds(Date.now() - startedAt),
    checks: checks.map(({ name, pass, figure, problems, seconds: took }) => ({
      name,
      pass,
      figure,
      problems,
      seconds: took,
    })),
    tableSamples,
    load: load
      ? {
          accepted: load.totals(),
          uncertain: load.uncertain,
          requests: load.stats.requests,
          browse: browse.requests,
        }
      : null,
  };
  writeFileSync(path.join(summaryDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(
    `\nfleet: ${checks.length - failed.length} passed, ${failed.length} failed in ${summary.totalSeconds} s; summary in .data/fleet/summary.json`,
  );
  process.exit(failed.length > 0 || checks.length === 0 ? 1 : 0);
}

process.once('SIGTERM', async () => {
  checks.push({
    name: 'run',
    pass: false,
    figure: '',
    problems: ['interrupted (over the time limit)'],
    seconds: seconds(Date.now() - startedAt),
  });
  await cleanUp();
  finish();
});

try {
  await main();
} catch (error) {
  checks.push({
    name: 'setup',
    pass: false,
    figure: '',
    problems: [String(/** @type {Error} */ (error)?.stack ?? error)],
    seconds: seconds(Date.now() - startedAt),
  });
} finally {
  await cleanUp();
}
finish();
