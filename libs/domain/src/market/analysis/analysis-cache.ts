import { Inject, Service } from 'typedi';
import type { Cache } from '@platform/redis';
import { CACHE } from '../../shared';

/** market-data.md, "Stock analysis (public, GET only)": how long each endpoint's answer stays fresh. */
export const ANALYSIS_FRESHNESS_SECONDS = {
  snapshot: 300,
  statements: 600,
  ratios: 600,
  dividends: 1_800,
  ownership: 3_600,
  peers: 600,
  announcements: 300,
  fairValue: 600,
  upcomingBookCloses: 3_600,
} as const;

export type AnalysisEndpoint = keyof typeof ANALYSIS_FRESHNESS_SECONDS;

/**
 * Read-through cache of the stock-analysis answers in Redis, one entry per endpoint and
 * normalised query (so `?tab=` and `?tab=valuation` share one), living as long as the spec's
 * freshness. A Redis failure is a miss: the answer comes from the database (Cache logs it).
 */
@Service()
export class AnalysisCache {
  constructor(@Inject(CACHE) private readonly cache: Cache) {}

  read<T>(endpoint: AnalysisEndpoint, normalisedQuery: Record<string, unknown>, load: () => Promise<T>): Promise<T> {
    const key = `market:analysis:${endpoint}:${stableKey(normalisedQuery)}`;
    return this.cache.getOrLoad(key, load, ANALYSIS_FRESHNESS_SECONDS[endpoint]);
  }
}

/** The query as `k=v` pairs in key order, values JSON-encoded so that no two queries share a key. */
function stableKey(query: Record<string, unknown>): string {
  return Object.keys(query)
    .sort()
    .map((key) => `${key}=${JSON.stringify(query[key])}`)
    .join('&');
}
