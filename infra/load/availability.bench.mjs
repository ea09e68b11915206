// npm run bench:availability — what the booking wizard asks most: a treatment's
// bookable starts for a day, and for a month, through the gateway of a throwaway stack of the BUILT
// services (run `npm run build` first), with 12 bookable rooms and a busy day (every account books
// its hours). A bare Fastify route serving the same JSON, measured with the same client and
// concurrency in the same run, is the reference. Prints p50/p95/p99 and req/s of each with the ratio,
// judges p95 < 30 ms for a day, and writes .data/bench/availability.json. Then the front desk's
// calendar: a week of 12 rooms holding 300 appointments, read by the admin through
// the gateway (private: never cached), against the same JSON from a bare route; judged p95 < 50 ms.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { RELAXED_RATE_LIMITS, startThrowawayStack } from '../local/throwaway-stack.mjs';
import { expectOk, LOAD_SOURCE_ADDRESS, request } from './client.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROOMS = 12;
const TARGET_P95_MS = 30;
const CALENDAR_TARGET_P95_MS = 50;
const CALENDAR_APPOINTMENTS = 300;
const IST_OFFSET_MS = 330 * 60_000;

const istDay = (/** @type {number} */ daysAhead) => {
  const shifted = new Date(Date.now() + IST_OFFSET_MS);
  const day = new Date(
    Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate() + daysAhead),
  );
  return {
    date: day.toISOString().slice(0, 10),
    at: (/** @type {number} */ hours, minutes = 0) =>
      new Date(day.getTime() + (hours * 60 + minutes) * 60_000 - IST_OFFSET_MS),
  };
};

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
/**
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, ms: number, hit: boolean }>}
 */
function timedGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const outgoing = http.get(url, { agent, localAddress: LOAD_SOURCE_ADDRESS, headers }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: /** @type {number} */ (response.statusCode),
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          hit: response.headers['x-cache'] === 'HIT',
        }),
      );
    });
    outgoing.once('error', reject);
  });
}

/**
 * A closed loop of CONCURRENCY clients for SECONDS over `urls` in turn (customers looking at different
 * days): latencies of the 2xx answers, the others, and how many the gateway's shared cache answered.
 * @param {string[]} urls
 * @param {Record<string, string>} [headers]
 */
async function closedLoop(urls, headers = {}) {
  /** @type {number[]} */
  const latencies = [];
  let failed = 0;
  let hits = 0;
  let next = 0;
  const url = () => /** @type {string} */ (urls[next++ % urls.length]);
  // A second of warm-up first (connections, JIT), not counted.
  const warmUntil = Date.now() + 1000;
  while (Date.now() < warmUntil) await timedGet(url(), headers);
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        const { status, ms, hit } = await timedGet(url(), headers);
        if (status >= 200 && status < 300) latencies.push(ms);
        else failed++;
        if (hit) hits++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (/** @type {number} */ q) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    failed,
    cacheHits: hits,
    perSecond: latencies.length / SECONDS,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  };
}

const stack = await startThrowawayStack({
  name: 'availbench',
  env: {
    ...RELAXED_RATE_LIMITS,
    MAX_FUTURE_CASH_BOOKINGS: '1000',
    MAX_OPEN_ONLINE_BOOKINGS: '1000',
    // e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": profiles of the stack's processes, to see where time goes.
    ...(process.env.BENCH_STACK_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_STACK_NODE_OPTIONS } : {}),
  },
});
const reference = Fastify();
try {
  const api = `${stack.url}/api/v1`;
  /**
   * @param {string} email
   * @param {string} password
   * @returns {Promise<string>}
   */
  const signIn = async (email, password) =>
    (await expectOk(`${api}/auth/login`, { method: 'POST', body: { email, password } })).data.token;
  const admin = await signIn('admin@spa.local', 'Admin@12345');
  const bookers = [
    admin,
    await signIn('customer@spa.local', 'Customer@12345'),
    await signIn('manager@spa.local', 'Staff@12345'),
    await signIn('reception@spa.local', 'Staff@12345'),
    await signIn('therapist@spa.local', 'Staff@12345'),
  ];

  // Twelve bookable rooms (the demo catalogue has fewer): Silver, Gold and Diamond, both capacities.
  const rooms = await expectOk(`${api}/admin/rooms`, {});
  const list = Array.isArray(rooms) ? rooms : rooms.items;
  let bookable = list.filter((/** @type {any} */ room) => room.status !== 'Maintenance').length;
  const types = ['Silver', 'Gold', 'Diamond'];
  for (let index = 0; bookable < ROOMS; index++, bookable++)
    await expectOk(
      `${api}/admin/rooms`,
      {
        method: 'POST',
        token: admin,
        body: {
          roomNumber: String(900 + index),
          capacity: index % 2 ? 'Double Bed' : 'Single Bed',
          type: types[index % 3],
          status: 'Available',
          location: 'Bench Wing',
        },
      },
      [201],
    );

  const services = await expectOk(`${api}/admin/services`, {});
  const treatment =
    services.find((/** @type {any} */ service) => service.name === 'Deep Tissue Massage') ?? services[0];
  const option =
    treatment.pricing.find((/** @type {any} */ candidate) => candidate.durationMinutes === 60) ??
    treatment.pricing[0];
  const day = istDay(7);
  /**
   * @param {number} days
   * @param {string} [from]
   * @param {any} [choice] one of the treatment's pricing options
   */
  const query = (days, from = day.date, choice = option) =>
    `${api}/appointments/availability?serviceId=${treatment._id}&durationMinutes=${choice.durationMinutes}` +
    `&pricingOptionId=${choice._id}&from=${from}&days=${days}`;
  // What a day of customers asks: each of the next four weeks, for each of the treatment's durations.
  const dayUrls = treatment.pricing.flatMap((/** @type {any} */ choice) =>
    Array.from({ length: 28 }, (_, index) => query(1, istDay(index + 1).date, choice)),
  );

  // Booking learns the new rooms from catalogue's events: wait until the day shows all the choices.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await expectOk(query(1), {});
    const choices = new Set(answer.days[0].starts.flatMap((/** @type {any} */ start) => start.rooms));
    if (choices.size >= 6) break;
    if (Date.now() > deadline) throw new Error(`booking knows ${choices.size} room choices after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  // A busy day: each account books its own consecutive hours, in every room type, 9:00 to 21:00.
  const roomPrice = { Silver: 1000, Gold: 2000, Diamond: 3000 };
  let booked = 0;
  for (const [index, token] of bookers.entries())
    for (let hour = 9; hour + 1 <= 21; hour += 1) {
      const type = types[(hour + index) % 3];
      const answer = await request(`${api}/appointments/auto-assign`, {
        method: 'POST',
        token,
        body: {
          serviceId: treatment._id,
          durationMinutes: option.durationMinutes,
          pricingOptionId: option._id,
          totalPrice: option.price + roomPrice[/** @type {keyof typeof roomPrice} */ (type)],
          type,
          appointmentDateTime: day.at(hour).toISOString(),
          paymentMethod: 'cash',
        },
      });
      if (answer.status === 201) booked++;
      else if (answer.status >= 500) throw new Error(`booking answered ${answer.status}`);
    }

  const dayAnswer = await expectOk(query(1), {});
  const offered = dayAnswer.days[0].starts.length;
  console.log(
    `set-up: ${ROOMS} bookable rooms, ${booked} appointments on ${day.date}, ${offered} starts still bookable that day`,
  );

  // The reference: the same day's JSON from a bare Fastify route, same client, same concurrency.
  const body = JSON.stringify(dayAnswer);
  reference.get('/availability', async (_request, reply) => reply.type('application/json').send(body));
  // The week's JSON is known only later; the route must exist before the server listens.
  let weekBody = '{}';
  reference.get('/calendar', async (_request, reply) => reply.type('application/json').send(weekBody));
  const referenceUrl = await reference.listen({ port: 0, host: '127.0.0.1' });

  const customerToken = bookers[1];
  /** @type {[string, Awaited<ReturnType<typeof closedLoop>>][]} */
  const rows = [
    ['bare Fastify, same JSON (reference)', await closedLoop([`${referenceUrl}/availability`])],
    [
      `availability, one day (28 days × ${treatment.pricing.length} durations in turn), via the gateway`,
      await closedLoop(dayUrls),
    ],
    [
      'the same, computed every time (with a token: never from the shared cache)',
      await closedLoop(dayUrls, { authorization: `Bearer ${customerToken}` }),
    ],
    ['availability, 31 days, via the gateway', await closedLoop([query(31)])],
  ];
  // The desk's week: 300 appointments over the seven days after the busy day, each account in turn
  // (one appointment of theirs at a time), every room type.
  let weekBooked = 0;
  /** @type {Record<string, number>} */
  const weekRefused = {};
  const weekStart = istDay(8);
  book: for (let offset = 8; offset < 15; offset++)
    for (let hour = 9; hour + 1 <= 21; hour++)
      for (const [index, token] of bookers.entries()) {
        if (weekBooked >= CALENDAR_APPOINTMENTS) break book;
        // The room choice first tried rotates; a full one (409) is tried in the next. Each choice is a
        // type and a capacity at its own price (+₹500 for a double bed).
        let answer;
        for (let turn = 0; turn < 6; turn++) {
          const choice = hour + index + offset + turn;
          const type = types[choice % 3];
          const double = Math.floor(choice / 3) % 2 === 1;
          answer = await request(`${api}/appointments/auto-assign`, {
            method: 'POST',
            token,
            body: {
              serviceId: treatment._id,
              durationMinutes: option.durationMinutes,
              pricingOptionId: option._id,
              totalPrice:
                option.price + roomPrice[/** @type {keyof typeof roomPrice} */ (type)] + (double ? 500 : 0),
              type,
              capacity: double ? 'Double Bed' : 'Single Bed',
              appointmentDateTime: istDay(offset).at(hour).toISOString(),
              paymentMethod: 'cash',
            },
          });
          if (answer.status !== 409) break;
        }
        const answered = /** @type {NonNullable<typeof answer>} the loop runs at least once */ (answer);
        if (answered.status === 201) weekBooked++;
        else if (answered.status >= 500) throw new Error(`booking answered ${answered.status}`);
        else
          weekRefused[answered.body?.code ?? answered.status] =
            (weekRefused[answered.body?.code ?? answered.status] ?? 0) + 1;
      }
  const weekUrl = `${api}/appointments/calendar?date=${weekStart.date}&days=7`;
  const weekAnswer = await expectOk(weekUrl, { token: admin });
  console.log(
    `calendar: ${weekAnswer.rooms.length} rooms, ${weekAnswer.appointments.length} appointments in the week from ${weekStart.date} (refused on the way: ${JSON.stringify(weekRefused)})`,
  );
  weekBody = JSON.stringify(weekAnswer);
  const adminHeaders = { authorization: `Bearer ${admin}` };
  rows.push(
    ['bare Fastify, the week’s JSON (reference)', await closedLoop([`${referenceUrl}/calendar`])],
    ['calendar, a week of 12 rooms, via the gateway (admin)', await closedLoop([weekUrl], adminHeaders)],
    [
      'the same, straight to booking (where the time goes: without the gateway)',
      await closedLoop([weekUrl.replace(api, `http://127.0.0.1:${stack.portBase + 3}`)], adminHeaders),
    ],
  );

  const fmt = (/** @type {number} */ ms) => `${ms.toFixed(1)} ms`;
  console.log(`\n${CONCURRENCY} clients in a closed loop for ${SECONDS} s each\n`);
  console.log('| read | req/s | p50 | p95 | p99 | failed | from the cache |\n|---|---|---|---|---|---|---|');
  for (const [name, result] of rows)
    console.log(
      `| ${name} | ${result.perSecond.toFixed(0)} | ${fmt(result.p50)} | ${fmt(result.p95)} | ${fmt(result.p99)} | ${result.failed} | ${((result.cacheHits / Math.max(1, result.requests + result.failed)) * 100).toFixed(0)}% |`,
    );
  const [, bare] = /** @type {(typeof rows)[number]} */ (rows[0]);
  const [, oneDay] = /** @type {(typeof rows)[number]} */ (rows[1]);
  const ratio = oneDay.perSecond / bare.perSecond;
  const [, weekBare] = /** @type {(typeof rows)[number]} */ (rows[4]);
  const [, week] = /** @type {(typeof rows)[number]} */ (rows[5]);
  const weekRatio = week.perSecond / weekBare.perSecond;
  const weekPass =
    week.p95 < CALENDAR_TARGET_P95_MS &&
    week.failed === 0 &&
    weekAnswer.appointments.length >= CALENDAR_APPOINTMENTS;
  const pass = oneDay.p95 < TARGET_P95_MS && oneDay.failed === 0 && weekPass;
  console.log(
    `\none day: p95 ${fmt(oneDay.p95)} (target < ${TARGET_P95_MS} ms) → ${pass ? 'PASS' : 'FAIL'}; ` +
      `throughput ${(ratio * 100).toFixed(0)}% of the bare route`,
  );
  console.log(
    `calendar week: p95 ${fmt(week.p95)} (target < ${CALENDAR_TARGET_P95_MS} ms) → ${weekPass ? 'PASS' : 'FAIL'}; ` +
      `throughput ${(weekRatio * 100).toFixed(0)}% of the bare route`,
  );
  const outDir = path.join(root, '.data', 'bench');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, 'availability.json'),
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        rooms: ROOMS,
        appointments: booked,
        results: Object.fromEntries(rows),
        checks: [
          {
            name: 'availability of a day through the gateway, p95',
            measured: oneDay.p95,
            reference: bare.p95,
            ratio,
            target: `< ${TARGET_P95_MS} ms`,
            pass: oneDay.p95 < TARGET_P95_MS && oneDay.failed === 0,
          },
          {
            name: 'calendar week (12 rooms, 300 appointments) through the gateway, p95',
            measured: week.p95,
            reference: weekBare.p95,
            ratio: weekRatio,
            target: `< ${CALENDAR_TARGET_P95_MS} ms`,
            pass: weekPass,
          },
        ],
      },
      null,
      2,
    )}\n`,
  );
  console.log('wrote .data/bench/availability.json');
  process.exitCode = pass ? 0 : 1;
} finally {
  await reference.close();
  agent.destroy();
  await stack.dispose();
}
