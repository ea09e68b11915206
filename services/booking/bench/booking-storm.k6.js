/* global __ENV, __VU, __ITER, open */
// k6 script of npm run bench:booking (driven by booking.bench.ts, which sets everything up).
// Each virtual user is a customer trying to book the treatment at a random start of one day's
// 30-minute grid; the first booking of a room and time wins, the rest get 409 (no room).
import http from 'k6/http';
import { sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';

const setup = JSON.parse(open(__ENV.BENCH_SETUP));
const booked = new Counter('booked');
const conflicts = new Counter('conflicts');
const failures = new Counter('failures');
const bookedTime = new Trend('booked_duration', true);
let failuresShown = 0;
const conflictTime = new Trend('conflict_duration', true);

export const options = {
  scenarios: {
    storm: {
      executor: 'shared-iterations',
      vus: Number(__ENV.BENCH_VUS),
      iterations: Number(__ENV.BENCH_ITERATIONS),
      maxDuration: '5m',
    },
  },
  summaryTrendStats: ['min', 'med', 'p(95)', 'p(99)', 'max', 'avg'],
};

const thinkSeconds = Number(__ENV.BENCH_THINK_MS) / 1000;

export default function () {
  // A customer reads the answer (a 409 lists the nearest free times) before trying again; the first
  // attempts are spread over one pause too, as customers do not all press Confirm in the same instant.
  if (thinkSeconds > 0) sleep(thinkSeconds * (__ITER > 0 ? 0.5 + Math.random() : Math.random()));
  const customer = setup.customers[(__VU - 1) % setup.customers.length];
  const start = setup.starts[Math.floor(Math.random() * setup.starts.length)];
  const response = http.post(
    `${setup.bookingUrl}/appointments/auto-assign`,
    JSON.stringify({ ...setup.body, appointmentDateTime: start }),
    {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer}` },
      responseCallback: http.expectedStatuses(201, 409),
    },
  );
  if (response.status === 201) {
    booked.add(1);
    bookedTime.add(response.timings.duration);
  } else if (response.status === 409) {
    conflicts.add(1);
    conflictTime.add(response.timings.duration);
  } else {
    failures.add(1);
    if (failuresShown++ < 3) console.error(`unexpected answer ${response.status}: ${response.body}`);
  }
}

export function handleSummary(data) {
  return { [__ENV.BENCH_SUMMARY]: JSON.stringify(data) };
}
