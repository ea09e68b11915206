// npm run bench:booking — a booking storm against one day's slots. The built booking service
// (services/booking/dist/main.js, `npm run build -w @spa/booking`) runs as its own process on a fresh
// database, fed with real catalogue and identity events (a treatment, rooms, employees, customers)
// through an outbox and Kafka. A closed-loop Node load generator (booking-storm.ts, in this process; the
// service is another) then sends BENCH_VUS concurrent customers at random starts of one day's 30-minute
// grid.
// Printed: bookings made, conflicts (409), p50/p95/p99, and the overlap check over the whole table.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  connectDatabase,
  connectBus,
  createLogger,
  createPublisher,
  migrateDatabase,
  OutboxRelay,
} from '@spa/kit';
import {
  createTestDatabase,
  serveTestJwks,
  signTestToken,
  testInfra,
  testServiceKeyEnv,
  uniqueName,
} from '@spa/kit/testing';
import { events, type EventDefinition } from '@spa/proto';
import { overlappingPairs } from '../src/db/overlap-audit.js';
import { runStorm, type LatencyStats } from './booking-storm.js';

const vus = Number(process.env.BENCH_VUS ?? 200);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 2_000);
const roomCount = Number(process.env.BENCH_ROOMS ?? 12);
const employeeCount = Number(process.env.BENCH_EMPLOYEES ?? 8);
const daysAhead = Number(process.env.BENCH_DAYS_AHEAD ?? 30);
/**
 * Mean pause of a customer between two attempts (uniform over 0.5x to 1.5x; the first attempts are
 * spread over one pause). 2 s: reading the answer and choosing again. 0 is a closed loop, which
 * measures capacity rather than a day of customers.
 */
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 2_000);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bookingMain = path.join(root, 'services/booking/dist/main.js');
const logger = createLogger('bench', 'warn');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`booking exited with code ${child.exitCode}`);
    if (
      await fetch(url)
        .then((response) => response.ok)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`booking did not answer ${url}`);
}

/** The IST day `ahead` days from today, and its 30-minute grid of starts for a 60-minute treatment. */
function daySlots(ahead = daysAhead): string[] {
  const offset = 330 * 60_000;
  const today = new Date(Date.now() + offset);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ahead) - offset;
  const starts: string[] = [];
  for (let minute = 9 * 60; minute + 60 <= 21 * 60; minute += 30)
    starts.push(new Date(midnight + minute * 60_000).toISOString());
  return starts;
}

async function warmUp(bookingUrl: string, tokens: string[], starts: string[], body: object) {
  const attempts = Number(process.env.BENCH_WARMUP ?? 400);
  let next = 0;
  const worker = async () => {
    while (next < attempts) {
      const n = next++;
      await fetch(`${bookingUrl}/appointments/auto-assign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[n % tokens.length]}` },
        body: JSON.stringify({ ...body, appointmentDateTime: starts[n % starts.length] }),
      }).then((response) => response.arrayBuffer());
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

type ServerTimes = Record<
  string,
  { count: number; sum: number; mean: number; under50: number; under100: number }
>;

/** The service's own view of the storm, from its /metrics histogram (request received to answer sent). */
async function serverTimes(bookingUrl: string, since: ServerTimes = {}): Promise<ServerTimes> {
  const text = await (await fetch(`${bookingUrl}/metrics`)).text();
  const times: ServerTimes = {};
  const line = (name: string, status: string, extra = '') =>
    new RegExp(
      `^http_request_duration_seconds_${name}\\{${extra}method="POST",route="/appointments/auto-assign",status_code="${status}"\\} (\\S+)$`,
      'm',
    );
  for (const status of ['201', '409']) {
    const value = (name: string, extra = '') => Number(line(name, status, extra).exec(text)?.[1] ?? 0);
    const earlier = since[status] ?? { count: 0, sum: 0, under50: 0, under100: 0, mean: 0 };
    const count = value('count') - earlier.count;
    if (!count) continue;
    const sum = value('sum') - earlier.sum;
    times[status] = {
      count,
      sum,
      mean: (sum / count) * 1000,
      under50: value('bucket', 'le="0.05",') - earlier.under50,
      under100: value('bucket', 'le="0.1",') - earlier.under100,
    };
  }
  return times;
}

/** A process's CPU time so far (user + system, ms) from /proc, or undefined where there is none. */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

async function main() {
  if (!existsSync(bookingMain))
    throw new Error(`${bookingMain} is missing: run npm run build -w @spa/booking`);
  const bookingDb = await createTestDatabase('booking_bench');
  const sourceDb = await createTestDatabase('booking_bench_source');
  const namespace = uniqueName('bench-booking');
  const jwks = await serveTestJwks();
  const bus = connectBus({ brokers: testInfra.kafkaBrokers, clientId: 'bench', logger, namespace });
  const source = connectDatabase(sourceDb.url);
  let booking: ChildProcess | undefined;
  let relay: OutboxRelay | undefined;
  try {
    // Catalogue and identity as booking hears them: their events, through an outbox and Kafka.
    await migrateDatabase(source.db);
    await bus.ensureTopics(
      [events.serviceUpserted, events.categoryUpserted, events.roomUpserted, events.userRegistered].map(
        (event) => ({ topic: event.topic, compacted: true }),
      ),
    );
    relay = new OutboxRelay({ pool: source.pool, bus, logger, pollIntervalMs: 20 });
    relay.start();
    const emit = <E extends EventDefinition>(
      producer: string,
      event: E,
      key: string,
      payload: MessageInitShape<E['schema']>,
    ) => source.db.transaction((tx) => createPublisher(producer)(tx, event, key, payload));
    const now = BigInt(Date.now());
    const categoryId = randomUUID();
    await emit('catalogue', events.categoryUpserted, categoryId, {
      category: {
        id: categoryId,
        name: 'Massage Therapies',
        isActive: true,
        assignedEmployeeRole: 'servicestaff',
        updatedAtMs: now,
      },
    });
    const serviceId = randomUUID();
    const optionId = randomUUID();
    await emit('catalogue', events.serviceUpserted, serviceId, {
      service: {
        id: serviceId,
        name: 'Swedish Massage',
        categoryId,
        categoryName: 'Massage Therapies',
        assignedEmployeeRole: 'servicestaff',
        pricing: [{ id: optionId, duration: '60 min', durationMinutes: 60, pricePaise: 249_900n }],
        cleanupMinutes: 15,
        isActive: true,
        updatedAtMs: now,
      },
    });
    for (let n = 1; n <= roomCount; n++) {
      const id = randomUUID();
      await emit('catalogue', events.roomUpserted, id, {
        room: {
          id,
          roomNumber: String(200 + n),
          capacity: 'Single Bed',
          type: 'Gold',
          status: 'Available',
          location: 'Lotus Wing',
          pricePaise: 200_000n,
          updatedAtMs: now,
        },
      });
    }
    for (let n = 1; n <= employeeCount; n++) {
      const id = randomUUID();
      await emit('identity', events.userRegistered, id, {
        user: {
          id,
          name: `Therapist ${n}`,
          email: `therapist${n}@bench.test`,
          role: 'employee',
          employeeRole: 'servicestaff',
          shift: n % 2 ? 'morning' : 'night',
          workingLocation: 'Vijay Nagar',
          status: 'free',
          employeeId: `EMP-${n}`,
        },
      });
    }
    const customers = await Promise.all(
      Array.from({ length: vus }, (_, n) =>
        signTestToken({
          role: 'user',
          sub: randomUUID(),
          name: `Customer ${n}`,
          email: `customer${n}@bench.test`,
          expiresIn: '2h',
        }),
      ),
    );

    const port = await freePort();
    // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", goes to the booking process.
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    booking = spawn(process.execPath, [...nodeArgs, bookingMain], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // Its own service key and the others' public keys (required in production).
        ...testServiceKeyEnv('booking'),
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATABASE_URL: bookingDb.url,
        KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
        KAFKA_NAMESPACE: namespace,
        REDIS_URL: testInfra.redisUrl,
        JWKS_URL: jwks.url,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const bookingUrl = `http://127.0.0.1:${port}`;
    await waitFor(`${bookingUrl}/readyz`, booking);
    const check = connectDatabase(bookingDb.url);
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const { rows } = await check.pool.query(
          "select (select count(*) from rooms) as rooms, (select count(*) from users where role = 'employee') as employees, (select count(*) from services) as services",
        );
        if (rows[0].rooms === roomCount && rows[0].employees === employeeCount && rows[0].services === 1)
          break;
        if (Date.now() > deadline) throw new Error(`read models incomplete: ${JSON.stringify(rows[0])}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      // A running service is warm: pool connections open, keys fetched, code compiled. The warm-up books
      // the day before the storm's day, so the storm still meets an empty day.
      const body = {
        serviceId,
        durationMinutes: 60,
        price: 2499,
        roomPrice: 2000,
        totalPrice: 4499,
        type: 'Gold',
        paymentMethod: 'cash',
      };
      await warmUp(bookingUrl, customers, daySlots(daysAhead - 1), body);
      const starts = daySlots();
      console.log(
        `storm: ${vus} concurrent customers, ${iterations} booking attempts at ${starts.length} starts of one day; ${roomCount} Gold rooms (60 min + 15 min cleanup), ${employeeCount} therapists; ${thinkMs ? `${thinkMs} ms mean pause between a customer's attempts` : 'no pause between attempts'}; Node load generator → booking directly`,
      );
      const before = await serverTimes(bookingUrl);
      const cpuBefore = cpuMsOf(booking.pid);
      const storm = await runStorm({ bookingUrl, customers, starts, body }, { vus, iterations, thinkMs });
      const cpuAfter = cpuMsOf(booking.pid);
      const serverSide = await serverTimes(bookingUrl, before);
      const ms = (values: LatencyStats, key: 'p50' | 'p95' | 'p99' | 'max') =>
        (values[key] ?? NaN).toFixed(1);
      const all = storm.latencyMs.all;
      const seconds = storm.seconds;
      const overlaps = await overlappingPairs(check.pool);
      const { rows } = await check.pool.query(
        "select count(*)::int as active from appointments where status <> 'Cancelled' and starts_at >= $1 and starts_at <= $2",
        [starts[0], starts.at(-1)],
      );
      console.log('');
      console.log(
        `successful bookings: ${storm.booked} (active on that day in the database: ${rows[0].active})`,
      );
      console.log(`conflicts (409, no room free): ${storm.conflicts}`);
      console.log(`other answers: ${storm.failures}`);
      console.log(
        `throughput: ${(storm.requests / seconds).toFixed(0)} requests/s over ${seconds.toFixed(1)} s`,
      );
      console.log(
        `latency, all: p50 ${ms(all, 'p50')} ms, p95 ${ms(all, 'p95')} ms, p99 ${ms(all, 'p99')} ms, max ${ms(all, 'max')} ms`,
      );
      const bookedTimes = storm.latencyMs.booked;
      const conflictTimes = storm.latencyMs.conflict;
      console.log(
        `latency, booked: p50 ${ms(bookedTimes, 'p50')} ms, p95 ${ms(bookedTimes, 'p95')} ms, p99 ${ms(bookedTimes, 'p99')} ms`,
      );
      console.log(
        `latency, 409: p50 ${ms(conflictTimes, 'p50')} ms, p95 ${ms(conflictTimes, 'p95')} ms, p99 ${ms(conflictTimes, 'p99')} ms`,
      );
      for (const [status, times] of Object.entries(serverSide))
        console.log(
          `inside the service (${status}): mean ${times.mean.toFixed(1)} ms, ${times.under50} under 50 ms, ${times.under100} under 100 ms (of ${times.count})`,
        );
      if (cpuBefore !== undefined && cpuAfter !== undefined)
        console.log(
          `booking process CPU over the storm: ${(cpuAfter - cpuBefore).toFixed(0)} ms (${((cpuAfter - cpuBefore) / storm.requests).toFixed(2)} ms an attempt)`,
        );
      console.log(`overlapping active appointments (whole table): ${overlaps.length} (must be 0)`);
      const p95 = all.p95 ?? Infinity;
      const model = thinkMs ? `pausing ${thinkMs} ms on average between attempts` : 'closed loop, no pauses';
      console.log(
        `target p95 < 150 ms at ${vus} concurrent bookers (${model}): ${p95 < 150 ? 'met' : 'NOT met'}`,
      );
      // The last line, for npm run bench:frontier.
      console.log(
        `\n${JSON.stringify({
          vus,
          thinkMs,
          attemptsPerSecond: storm.requests / seconds,
          p50Ms: all.p50,
          p95Ms: all.p95,
          p99Ms: all.p99,
          booked: storm.booked,
          // Its own consistency check: the active appointments of the storm's day are the 201s.
          rowsActive: rows[0].active,
          conflicts: storm.conflicts,
          failures: storm.failures,
          overlaps: overlaps.length,
        })}`,
      );
      if (overlaps.length > 0 || storm.failures > 0 || rows[0].active !== storm.booked) process.exitCode = 1;
    } finally {
      await check.close();
    }
  } finally {
    if (booking && booking.exitCode === null) {
      const exited = new Promise((resolve) => booking!.once('exit', resolve));
      booking.kill('SIGTERM');
      await exited;
    }
    await relay?.stop({ flush: false });
    await bus.close();
    await source.close();
    await jwks.close();
    await bookingDb.drop();
    await sourceDb.drop();
  }
}

await main();
