// The load of npm run bench:booking (booking.bench.ts sets everything up): `vus` customers in a closed
// loop, sharing `iterations` booking attempts. Each customer tries to book the treatment at a random
// start of one day's 30-minute grid, reads the answer, pauses (thinkMs on average, 0 for none) and tries
// again; the first booking of a room and time wins, the rest get 409 (no room). Requests go straight to
// the booking service over keep-alive connections, one a customer; latency is timed from the request's
// send to the answer's last byte.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface StormSetup {
  bookingUrl: string;
  /** Bearer tokens, one a customer (customer n uses tokens[n % length]). */
  customers: string[];
  /** The day's starts, ISO. */
  starts: string[];
  /** The booking request without its start. */
  body: Record<string, unknown>;
}

export interface StormOptions {
  vus: number;
  iterations: number;
  /** Mean pause before an attempt (uniform over 0.5x to 1.5x; the first attempts over 0 to 1x). */
  thinkMs: number;
  /** No attempt starts after this many seconds (300 unless given). */
  maxSeconds?: number;
}

export interface LatencyStats {
  count: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

export interface StormResult {
  seconds: number;
  requests: number;
  booked: number;
  conflicts: number;
  failures: number;
  latencyMs: { all: LatencyStats; booked: LatencyStats; conflict: LatencyStats };
}

/** Nearest-rank percentiles, as infra/load/http-load.mjs computes them. */
export function latencyStats(values: number[]): LatencyStats {
  if (values.length === 0) return { count: 0, p50: null, p95: null, p99: null, max: null };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { count: values.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1)! };
}

function post(
  agent: http.Agent,
  url: string,
  token: string,
  payload: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        timeout: 60_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', (error) => resolve({ status: 0, text: error.message }));
      },
    );
    request.once('timeout', () => request.destroy(new Error('timed out after 60 s')));
    request.once('error', (error) => resolve({ status: 0, text: error.message }));
    request.end(payload);
  });
}

export async function runStorm(setup: StormSetup, options: StormOptions): Promise<StormResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.vus });
  const url = `${setup.bookingUrl}/appointments/auto-assign`;
  const all: number[] = [];
  const booked: number[] = [];
  const conflict: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const startedMonotonic = process.hrtime.bigint();
  /** [sent, took, status] of each attempt, for the timeline (sent in ms from the storm's start). */
  const timeline: [number, number, number][] = [];
  const stopStartingAt = started + (options.maxSeconds ?? 300) * 1000;
  const customer = async (vu: number) => {
    for (let iteration = 0; next < options.iterations; iteration++) {
      next++;
      // A customer reads the answer (a 409 lists the nearest free times) before trying again; the first
      // attempts are spread over one pause too, as customers do not all press Confirm in the same instant.
      if (options.thinkMs > 0)
        await sleep(options.thinkMs * (iteration > 0 ? 0.5 + Math.random() : Math.random()));
      if (performance.now() > stopStartingAt) return;
      const token = setup.customers[vu % setup.customers.length]!;
      const start = setup.starts[Math.floor(Math.random() * setup.starts.length)];
      const payload = JSON.stringify({ ...setup.body, appointmentDateTime: start });
      const sent = performance.now();
      const answer = await post(agent, url, token, payload);
      const ms = performance.now() - sent;
      all.push(ms);
      timeline.push([sent - started, ms, answer.status]);
      if (answer.status === 201) booked.push(ms);
      else if (answer.status === 409) conflict.push(ms);
      else if (failures++ < 3)
        console.error(`unexpected answer ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: options.vus }, (_, vu) => customer(vu)));
  agent.destroy();
  if (process.env.BENCH_TIMELINE) {
    printTimeline(timeline);
    // The same clock as a V8 CPU profile's timestamps (µs), to cut the storm out of one.
    console.log(
      `storm window (monotonic µs): ${startedMonotonic / 1000n} ${process.hrtime.bigint() / 1000n}`,
    );
  }
  return {
    seconds: (performance.now() - started) / 1000,
    requests: all.length,
    booked: booked.length,
    conflicts: conflict.length,
    failures,
    latencyMs: { all: latencyStats(all), booked: latencyStats(booked), conflict: latencyStats(conflict) },
  };
}

/** Attempts by when they were sent (100 ms buckets): how many, how many booked, their p50/p95 latency. */
function printTimeline(timeline: [number, number, number][]) {
  const buckets = new Map<number, [number, number, number][]>();
  for (const entry of timeline) {
    const bucket = Math.floor(entry[0] / 100);
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), entry]);
  }
  for (const [bucket, entries] of [...buckets].sort((a, b) => a[0] - b[0])) {
    const stats = latencyStats(entries.map((entry) => entry[1]));
    console.log(
      `  sent ${bucket * 100}-${bucket * 100 + 99} ms: ${entries.length} attempts, ${entries.filter((entry) => entry[2] === 201).length} booked, p50 ${stats.p50?.toFixed(0)} ms, p95 ${stats.p95?.toFixed(0)} ms`,
    );
  }
}
