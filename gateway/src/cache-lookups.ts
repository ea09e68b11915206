/**
 * What served the gateway's reads: every /api/v1 read it looked up in its private (per-customer) or
 * shared (anonymous) cache, counted as a hit (answered from memory) or a miss (sent on to the service).
 * Shown on /metrics as gateway_cache_lookups_total, so that a measurement of a read through the gateway
 * can say how much of it the service answered at all (npm run bench:frontier reads it).
 */
export type CacheName = 'private' | 'shared';

const lookups: Record<CacheName, { hit: number; miss: number }> = {
  private: { hit: 0, miss: 0 },
  shared: { hit: 0, miss: 0 },
};

/** One read looked up in `cache`: answered from it (`hit`) or not. */
export function countCacheLookup(cache: CacheName, hit: boolean): void {
  lookups[cache][hit ? 'hit' : 'miss']++;
}

/** The counts so far, in Prometheus's text format (appended to the registry's /metrics). */
export function cacheLookupMetrics(): string {
  const lines = [
    '# HELP gateway_cache_lookups_total Reads looked up in the gateway caches, by cache and result',
    '# TYPE gateway_cache_lookups_total counter',
  ];
  for (const cache of ['private', 'shared'] as const)
    for (const result of ['hit', 'miss'] as const)
      lines.push(
        `gateway_cache_lookups_total{cache="${cache}",result="${result}"} ${lookups[cache][result]}`,
      );
  return `${lines.join('\n')}\n`;
}
