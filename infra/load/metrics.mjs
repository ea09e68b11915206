// What bench.mjs reads from the running stack around each load step: the services' event-lag
// histograms (Prometheus text from /metrics), the outbox rows not yet sent, and each process's CPU time.
import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * @typedef {{ count: number, sum: number, buckets: Map<number, number> }} Histogram
 *   buckets: upper bound (seconds) → cumulative count, summed over every consumer and event type.
 */

/**
 * The event_lag_seconds histogram of one /metrics text, every label set added together.
 * @param {string} text
 * @returns {Histogram}
 */
export function parseEventLag(text) {
  /** @type {Histogram} */
  const histogram = { count: 0, sum: 0, buckets: new Map() };
  for (const line of text.split('\n')) {
    if (!line.startsWith('event_lag_seconds')) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (!Number.isFinite(value)) continue;
    if (line.startsWith('event_lag_seconds_bucket')) {
      const le = /le="([^"]+)"/.exec(line)?.[1];
      if (!le) continue;
      const bound = le === '+Inf' ? Infinity : Number(le);
      histogram.buckets.set(bound, (histogram.buckets.get(bound) ?? 0) + value);
    } else if (line.startsWith('event_lag_seconds_sum')) histogram.sum += value;
    else if (line.startsWith('event_lag_seconds_count')) histogram.count += value;
  }
  return histogram;
}

/**
 * @param {Histogram[]} parts
 * @returns {Histogram}
 */
export function addHistograms(parts) {
  /** @type {Histogram} */
  const total = { count: 0, sum: 0, buckets: new Map() };
  for (const part of parts) {
    total.count += part.count;
    total.sum += part.sum;
    for (const [bound, count] of part.buckets)
      total.buckets.set(bound, (total.buckets.get(bound) ?? 0) + count);
  }
  return total;
}

/**
 * The events handled between two snapshots: how many, the mean lag, and the bucket bound under which
 * 95% (and all) of them fell; a histogram gives bounds, not exact percentiles.
 * @param {Histogram} before
 * @param {Histogram} after
 */
export function lagBetween(before, after) {
  const count = after.count - before.count;
  if (count <= 0) return { events: 0, meanMs: null, p95UnderMs: null, maxUnderMs: null };
  const bounds = [...after.buckets.keys()].sort((a, b) => a - b);
  const within = (/** @type {number} */ share) => {
    for (const bound of bounds) {
      const handled = (after.buckets.get(bound) ?? 0) - (before.buckets.get(bound) ?? 0);
      if (handled >= share * count) return bound === Infinity ? Infinity : Math.round(bound * 1000);
    }
    return Infinity;
  };
  return {
    events: count,
    meanMs: Math.round(((after.sum - before.sum) / count) * 1000 * 10) / 10,
    p95UnderMs: within(0.95),
    maxUnderMs: within(1),
  };
}

/**
 * HTTP requests a service has answered so far (its own /metrics scrapes left out).
 * @param {string} text
 */
export function parseRequestCount(text) {
  let count = 0;
  for (const line of text.split('\n'))
    if (line.startsWith('http_request_duration_seconds_count') && !line.includes('route="/metrics"'))
      count += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  return count;
}

/**
 * The gateway's cache lookups so far (gateway_cache_lookups_total): by cache (private, shared) and
 * result (hit, miss); null when the gateway shows no such counter.
 * @param {string} text
 * @returns {{ private: { hit: number, miss: number }, shared: { hit: number, miss: number } } | null}
 */
export function parseCacheLookups(text) {
  const lookups = { private: { hit: 0, miss: 0 }, shared: { hit: 0, miss: 0 } };
  let seen = false;
  for (const line of text.split('\n')) {
    const match = /^gateway_cache_lookups_total\{cache="(private|shared)",result="(hit|miss)"\} (\S+)$/.exec(
      line,
    );
    if (!match) continue;
    seen = true;
    const cache = /** @type {'private' | 'shared'} */ (match[1]);
    const result = /** @type {'hit' | 'miss'} */ (match[2]);
    lookups[cache][result] = Number(match[3]);
  }
  return seen ? lookups : null;
}

/**
 * The gateway's cache lookups now (its /metrics; a throwaway stack's gateway shows it without a token).
 * @param {string} gatewayUrl
 */
export async function scrapeCacheLookups(gatewayUrl) {
  try {
    const response = await fetch(`${gatewayUrl}/metrics`, { signal: AbortSignal.timeout(5_000) });
    return response.ok ? parseCacheLookups(await response.text()) : null;
  } catch {
    return null;
  }
}

/**
 * The share of the lookups in `cache` between two scrapes that were hits, and how many there were;
 * hitRate null when either scrape had no counters or nothing was looked up.
 * @param {ReturnType<typeof parseCacheLookups>} before
 * @param {ReturnType<typeof parseCacheLookups>} after
 * @param {'private' | 'shared'} cache
 */
export function cacheHitRate(before, after, cache) {
  if (!before || !after) return { hitRate: null, hits: 0, lookups: 0 };
  const hits = after[cache].hit - before[cache].hit;
  const lookups = hits + after[cache].miss - before[cache].miss;
  return { hitRate: lookups > 0 ? hits / lookups : null, hits, lookups };
}

/**
 * Every service's event-lag histogram added together, and each service's request count (a service
 * that does not answer counts as none).
 * @param {Record<string, string>} serviceUrls name → base URL
 */
export async function scrapeServices(serviceUrls) {
  const texts = await Promise.all(
    Object.values(serviceUrls).map(async (url) => {
      try {
        const response = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5_000) });
        return await response.text();
      } catch {
        return '';
      }
    }),
  );
  return {
    lag: addHistograms(texts.map(parseEventLag)),
    requests: Object.fromEntries(
      Object.keys(serviceUrls).map((name, index) => [
        name,
        parseRequestCount(/** @type {string} */ (texts[index])),
      ]),
    ),
  };
}

/**
 * Unsent outbox rows in each service database of the stack.
 * @param {string} adminUrl
 * @param {string} prefix
 * @param {string[]} services
 */
export function outboxProbe(adminUrl, prefix, services) {
  const clients = services.map((name) => {
    const url = new URL(adminUrl);
    url.pathname = `/${prefix}_${name}`;
    return { name, client: new pg.Client({ connectionString: url.toString() }), connected: false };
  });
  return {
    /** @returns {Promise<Record<string, number>>} */
    async unsent() {
      /** @type {Record<string, number>} */
      const counts = {};
      for (const entry of clients) {
        try {
          if (!entry.connected) {
            await entry.client.connect();
            entry.connected = true;
          }
          const { rows } = await entry.client.query(
            'select count(*)::int as n from outbox where sent_at is null',
          );
          counts[entry.name] = rows[0].n;
        } catch {
          counts[entry.name] = -1;
        }
      }
      return counts;
    },
    async close() {
      await Promise.all(clients.filter((entry) => entry.connected).map((entry) => entry.client.end()));
    },
  };
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * CPU seconds (user + system) a process has used so far, from /proc; 0 when it is gone.
 * @param {number | undefined} pid
 */
export function cpuSeconds(pid) {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The whole machine's CPU counters (busy and total ticks, every core), from /proc/stat. */
export function machineTicks() {
  const [, ...fields] = /** @type {string} */ (readFileSync('/proc/stat', 'utf8').split('\n')[0])
    .trim()
    .split(/\s+/);
  const ticks = fields.map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}
