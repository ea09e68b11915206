// Load generation in this process for the frontier bench: a closed loop (saturation) and a fixed offered
// rate (latency without coordinated omission). Each request is picked by a function, so that a run can
// cycle through customers (each with their own token) or mix anonymous and signed-in reads.
import http from 'node:http';
import { LOAD_SOURCE_ADDRESS } from './client.mjs';

/**
 * One request of a run: where, and as whom.
 * @typedef {{ url: URL, token?: string, kind?: string }} Target
 */
/**
 * What a run measured. `latencies` are in ms, of the answers with the expected status only;
 * `byKind` keeps the latencies of each request kind apart (a mixed run).
 * @typedef {{ latencies: number[], byKind: Record<string, number[]>, completed: number, failed: number, elapsedSeconds: number, firstFailures: string[] }} Sample
 */

const now = () => performance.now();

/**
 * @param {http.Agent} agent
 * @param {Target} target
 * @returns {Promise<number>} the status
 */
function get(agent, target) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      target.url,
      {
        agent,
        localAddress: LOAD_SOURCE_ADDRESS,
        headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** @returns {Sample} */
function emptySample() {
  return { latencies: [], byKind: {}, completed: 0, failed: 0, elapsedSeconds: 0, firstFailures: [] };
}

/**
 * @param {Sample} sample
 * @param {Target} target
 * @param {number} status
 * @param {number} elapsed
 */
function record(sample, target, status, elapsed) {
  if (status !== 200) {
    sample.failed++;
    if (sample.firstFailures.length < 3) sample.firstFailures.push(`${status} ${target.url.pathname}`);
    return;
  }
  sample.latencies.push(elapsed);
  const kind = target.kind ?? 'all';
  (sample.byKind[kind] ??= []).push(elapsed);
}

/**
 * As fast as `connections` keep-alive connections allow, each sending its next request on an answer.
 * @param {(n: number) => Target} pick the n-th request
 * @param {{ seconds: number, connections: number }} options
 * @returns {Promise<Sample>}
 */
export async function saturate(pick, { seconds, connections }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const sample = emptySample();
  let n = 0;
  const started = now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (now() < until) {
        const target = pick(n++);
        const sent = now();
        try {
          record(sample, target, await get(agent, target), now() - sent);
        } catch (error) {
          sample.failed++;
          if (sample.firstFailures.length < 3) sample.firstFailures.push(String(error));
        }
      }
    }),
  );
  agent.destroy();
  sample.completed = sample.latencies.length;
  sample.elapsedSeconds = (now() - started) / 1000;
  return sample;
}

/**
 * Several targets at saturation, taking turns: `rounds` windows each, in the same order every round,
 * `seconds` split evenly among them. A machine that drifts (a JIT still warming, a background flush)
 * weighs on every target alike, where back-to-back runs would give it all to one. Each target's sample
 * is its windows together; `rounds` holds each window's throughput, in order, to show the spread.
 * @param {Array<(n: number) => Target>} picks
 * @param {{ seconds: number, connections: number, rounds: number }} options
 * @returns {Promise<Array<Sample & { rounds: number[] }>>}
 */
export async function saturateInTurns(picks, { seconds, connections, rounds }) {
  const samples = picks.map(() => ({ ...emptySample(), rounds: /** @type {number[]} */ ([]) }));
  for (let round = 0; round < rounds; round++)
    for (const [index, pick] of picks.entries()) {
      const window = await saturate(pick, { seconds: seconds / rounds, connections });
      const merged = /** @type {Sample & { rounds: number[] }} */ (samples[index]);
      merged.latencies.push(...window.latencies);
      for (const [kind, latencies] of Object.entries(window.byKind))
        (merged.byKind[kind] ??= []).push(...latencies);
      merged.completed += window.completed;
      merged.failed += window.failed;
      merged.elapsedSeconds += window.elapsedSeconds;
      merged.firstFailures.push(...window.firstFailures.slice(0, 3 - merged.firstFailures.length));
      merged.rounds.push(throughput(window));
    }
  return samples;
}

/**
 * A fixed offered load: request i is due at start + i / rate whether or not earlier ones have answered;
 * its latency counts from when it was due, so a stall is not hidden.
 * @param {(n: number) => Target} pick
 * @param {{ rate: number, seconds: number }} options
 * @returns {Promise<Sample>}
 */
export async function offer(pick, { rate, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const sample = emptySample();
  /** @type {Set<Promise<void>>} */
  const inFlight = new Set();
  let issued = 0;
  const started = now();
  const dueAt = (/** @type {number} */ n) => started + (n * 1000) / rate;
  while (issued < total) {
    const wait = dueAt(issued) - now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    while (issued < total && dueAt(issued) <= now()) {
      const scheduled = dueAt(issued);
      const target = pick(issued++);
      const call = get(agent, target)
        .then((status) => record(sample, target, status, now() - scheduled))
        .catch((error) => {
          sample.failed++;
          if (sample.firstFailures.length < 3) sample.firstFailures.push(String(error));
        })
        .finally(() => inFlight.delete(call));
      inFlight.add(call);
    }
  }
  await Promise.all(inFlight);
  agent.destroy();
  sample.completed = sample.latencies.length;
  sample.elapsedSeconds = (now() - started) / 1000;
  return sample;
}

/**
 * @param {number[]} values
 * @param {number} p 0–100
 */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
  );
}

/** @param {Sample} sample */
export const throughput = (sample) => sample.completed / sample.elapsedSeconds;
