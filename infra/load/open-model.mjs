// The load generator of `npm run bench`, in Node: journeys (async functions making one customer's
// requests, with pauses between pages) started at a constant arrival rate, one step after another.
//
// Open model: journey i of a step is due at the step's start + i / rate, whatever the platform's latency;
// the schedule never waits for answers. At most `maxConcurrent` journeys run at once: a journey due
// while that many are running is dropped and counted (the platform did not keep up). Each running journey
// holds a slot, and a slot keeps its session (the customer it signed in as) from journey to journey and
// from step to step. A step ends `graceSeconds` after its last arrival: the journeys still running then
// are cut, their requests in flight counted apart ("interrupted"), not as errors. Every figure is kept
// for the step the journey started in.
//
// Latency without coordinated omission: arrivals are not held back by slow answers (a stall is met by the
// journeys that keep arriving, or shows as dropped ones), and each request is timed from when it was due,
// not from when it could be sent: a journey's first request from its scheduled arrival, a request after a
// pause from the pause's planned end, any other from when the journey made it. A late generator (its own
// event loop busy) therefore adds to the latencies instead of hiding a stall; how late journeys started is
// reported apart (lateMs) to tell the two apart.
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOAD_SOURCE_ADDRESS } from './client.mjs';
import { percentile } from './http-load.mjs';

/** A request that takes longer than this is a (transport) error; the gateway's upstream timeout is 10 s. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Latencies are kept apart by flow: the journey's own requests, sign-ins, the payment provider's. */
/** @typedef {'journey' | 'signin' | 'provider'} Flow */
/**
 * An answer: status 0 for a transport error (`error` says which).
 * @typedef {{ method: string, url: string, status: number, text: string, error?: string, json: () => any }} Answer
 */
/**
 * @typedef {{ token?: string, flow?: Flow, body?: unknown }} RequestOptions
 */
/** What a slot remembers between journeys: the customer it signed in as, if any. */
/** @typedef {{ slot: number, token?: string, user?: any }} Session */

/** Thrown out of a journey cut at the end of its step. */
export class Interrupted extends Error {}

const now = () => performance.now();

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * One HTTP request from the load address; resolves with the answer (status 0 on a transport error),
 * rejects only when `signal` aborts it.
 * @param {string} method
 * @param {string} url
 * @param {{ token?: string, body?: unknown, signal?: AbortSignal }} [options]
 * @returns {Promise<Answer>}
 */
export function send(method, url, { token, body, signal } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    /** @param {number} status @param {string} text @param {string} [error] */
    const answer = (status, text, error) => {
      /** @type {any} */
      let parsed;
      let done = false;
      resolve({
        method,
        url,
        status,
        text,
        ...(error ? { error } : {}),
        json() {
          if (!done) {
            done = true;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              parsed = undefined;
            }
          }
          return parsed;
        },
      });
    };
    const outgoing = http.request(
      url,
      {
        method,
        agent,
        localAddress: LOAD_SOURCE_ADDRESS,
        timeout: REQUEST_TIMEOUT_MS,
        signal,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => answer(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        response.on('error', (error) =>
          signal?.aborted ? reject(new Interrupted()) : answer(0, '', error.message),
        );
      },
    );
    outgoing.once('timeout', () => outgoing.destroy(new Error(`timed out after ${REQUEST_TIMEOUT_MS} ms`)));
    outgoing.once('error', (error) =>
      signal?.aborted ? reject(new Interrupted()) : answer(0, '', error.message),
    );
    outgoing.end(payload);
  });
}

/** The figures of one step, as they are gathered. */
function newStep(/** @type {string} */ name) {
  return {
    name,
    /** journeys due in the step */
    scheduled: 0,
    /** due while `maxConcurrent` journeys were running: not started */
    dropped: 0,
    /** journeys that ran to their end (an early return after an error included) */
    iterations: 0,
    /** journeys cut at the end of the step */
    cutJourneys: 0,
    requests: 0,
    errors: 0,
    conflicts: 0,
    /** requests in flight when the step ended (not errors) */
    interrupted: 0,
    /** @type {Record<Flow, number[]>} ms, every answer but the interrupted ones */
    latencies: { journey: [], signin: [], provider: [] },
    /** @type {number[]} ms a journey started after it was due (the generator's own lateness) */
    late: [],
    /** @type {Record<string, number>} counts a journey keeps, e.g. bookings made */
    counters: {},
  };
}
/** @typedef {ReturnType<typeof newStep>} StepFigures */

let errorsShown = 0;

/** What a journey is handed: its requests are timed and counted for the step it started in. */
export class Journey {
  /**
   * @param {StepFigures} step
   * @param {Session} session
   * @param {AbortSignal} signal
   * @param {number} dueAt
   */
  constructor(step, session, signal, dueAt) {
    this.step = step;
    this.session = session;
    this.signal = signal;
    /** @type {number | undefined} when the next request is due, if not now */
    this.dueAt = dueAt;
  }

  /**
   * One request, timed from when it was due.
   * @param {string} method
   * @param {string} url
   * @param {RequestOptions} [options]
   * @param {number} [dueAt]
   */
  async request(method, url, { token, flow = 'journey', body } = {}, dueAt = this.takeDue()) {
    if (this.signal.aborted) throw new Interrupted();
    this.step.requests++;
    try {
      const answer = await send(method, url, { token, body, signal: this.signal });
      this.step.latencies[flow].push(now() - dueAt);
      return answer;
    } catch (error) {
      if (error instanceof Interrupted || this.signal.aborted) {
        this.step.interrupted++;
        throw new Interrupted();
      }
      throw error;
    }
  }

  /**
   * @param {string} url
   * @param {RequestOptions} [options]
   */
  get(url, options) {
    return this.request('GET', url, options);
  }

  /**
   * @param {string} url
   * @param {unknown} body
   * @param {RequestOptions} [options]
   */
  post(url, body, options = {}) {
    return this.request('POST', url, { ...options, body });
  }

  /**
   * GETs sent together (the browser's parallel fetches), all due at once.
   * @param {string[]} urls
   * @param {RequestOptions} [options]
   */
  batch(urls, options) {
    const dueAt = this.takeDue();
    return Promise.all(urls.map((url) => this.request('GET', url, options, dueAt)));
  }

  /** When the next request is due: a planned time if one is pending, otherwise now. */
  takeDue() {
    const dueAt = this.dueAt ?? now();
    this.dueAt = undefined;
    return dueAt;
  }

  /**
   * A pause between two pages: reading, choosing, typing (uniform between min and max seconds); the
   * next request is due at its planned end.
   */
  async think(
    min = Number(process.env.BENCH_THINK_MIN ?? 0.3),
    max = Number(process.env.BENCH_THINK_MAX ?? 1.2),
  ) {
    const ms = (min + Math.random() * (max - min)) * 1000;
    const until = now() + ms;
    try {
      await sleep(ms, undefined, { signal: this.signal });
    } catch {
      throw new Interrupted();
    }
    this.dueAt = until;
  }

  /**
   * Judges an answer: anything but `expected` (and 409 where allowed) is an error, shown the first few
   * times so that a broken journey is visible.
   * @param {Answer} answer
   * @param {number | number[]} expected
   * @param {boolean} [allowConflict]
   * @returns {'ok' | 'conflict' | 'error'}
   */
  record(answer, expected, allowConflict = false) {
    if (answer.status === 409 && allowConflict) {
      this.step.conflicts++;
      return 'conflict';
    }
    if ((Array.isArray(expected) ? expected : [expected]).includes(answer.status)) return 'ok';
    this.step.errors++;
    if (errorsShown++ < 5)
      console.warn(
        `[${this.step.name}] ${answer.method} ${answer.url} answered ${answer.status} ${answer.error ?? ''}: ${answer.text.slice(0, 200)}`,
      );
    return 'error';
  }

  /** @param {string} name */
  count(name) {
    this.step.counters[name] = (this.step.counters[name] ?? 0) + 1;
  }
}

/**
 * One load step: `perMinute` journeys a minute for `seconds`, starting `startSeconds` after the run's
 * start; its journeys are cut `graceSeconds` after its end.
 * @typedef {{ name: string, perMinute: number, seconds: number, startSeconds: number, graceSeconds: number }} Step
 */

/**
 * @param {number[]} values
 */
export function stats(values) {
  if (values.length === 0) return { count: 0, p50: null, p95: null, p99: null, max: null, avg: null };
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: values.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: /** @type {number} */ (sorted.at(-1)),
    avg: values.reduce((sum, value) => sum + value, 0) / values.length,
  };
}

/** @param {StepFigures} step */
function stepSummary(step) {
  const { latencies, late, ...counts } = step;
  return {
    ...counts,
    latencyMs: {
      journey: stats(latencies.journey),
      signin: stats(latencies.signin),
      provider: stats(latencies.provider),
    },
    lateMs: stats(late),
  };
}
/** @typedef {ReturnType<typeof stepSummary>} StepSummary */

/**
 * Runs the steps (open model, see the top of this file) and returns each step's figures.
 * @param {{ steps: Step[], maxConcurrent: number, journey: (journey: Journey) => Promise<void> }} plan
 * @returns {Promise<StepSummary[]>}
 */
export async function runSteps({ steps, maxConcurrent, journey }) {
  /** @type {Session[]} */
  const sessions = Array.from({ length: maxConcurrent }, (_, slot) => ({ slot }));
  // Free slots, lowest on top: a light step reuses the same few customers (and their sign-ins).
  const free = sessions.map((_, slot) => maxConcurrent - 1 - slot);
  /** @type {Set<Promise<void>>} */
  const running = new Set();
  /** @type {StepFigures[]} */
  const figures = [];
  const runStart = now();
  for (const step of steps) {
    const figure = newStep(step.name);
    figures.push(figure);
    const controller = new AbortController();
    // Every request and pause of the step listens to it.
    setMaxListeners(0, controller.signal);
    const startAt = runStart + step.startSeconds * 1000;
    const endAt = startAt + step.seconds * 1000;
    const interval = 60_000 / step.perMinute;
    const launch = (/** @type {number} */ dueAt) => {
      figure.scheduled++;
      const slot = free.pop();
      if (slot === undefined) {
        figure.dropped++;
        return;
      }
      figure.late.push(Math.max(0, now() - dueAt));
      const context = new Journey(figure, /** @type {Session} */ (sessions[slot]), controller.signal, dueAt);
      const run = journey(context)
        .then(
          () => {
            figure.iterations++;
          },
          (error) => {
            if (error instanceof Interrupted) figure.cutJourneys++;
            else {
              // The journey's own code failed on an answer it did not expect: an error too.
              figure.errors++;
              if (errorsShown++ < 5) console.warn(`[${step.name}] journey failed: ${error?.stack ?? error}`);
            }
          },
        )
        .finally(() => {
          free.push(slot);
          running.delete(run);
        });
      running.add(run);
    };
    const total = step.perMinute > 0 ? Math.ceil((step.seconds * 1000) / interval - 1e-9) : 0;
    for (let index = 0; index < total;) {
      const wait = startAt + index * interval - now();
      if (wait > 1) await sleep(wait);
      // Every journey due by now, at its own due time (a late timer does not thin the schedule).
      while (index < total && startAt + index * interval <= now()) {
        launch(startAt + index * interval);
        index++;
      }
    }
    // The next step starts when this one's grace period is over; its journeys still running are cut
    // then, and their slots freed before the next step's first arrival.
    await sleep(Math.max(0, endAt + step.graceSeconds * 1000 - now()));
    controller.abort();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(running);
  return figures.map(stepSummary);
}

/** Closes the generator's keep-alive connections. */
export function closeGenerator() {
  agent.destroy();
}
