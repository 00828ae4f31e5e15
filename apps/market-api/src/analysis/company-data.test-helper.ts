import { expect } from 'chai';
import { RateLimiters } from '@platform/redis';
import type { MarketFiles, TestApp } from '@platform/testing';
import { ANALYSIS_RATE_LIMIT } from './analysis-route';

/**
 * Shared pieces of the company-data e2e files: a sector with companies under a unique prefix,
 * the rate-limit reset (every supertest request comes from one address, and a file sends more
 * than the 30 per minute the limit allows), and the metric-value invariant shared by every
 * stock-analysis e2e file (company data and valuation).
 */

/** A sector and companies `${prefix}${suffix}` for each suffix (listed shares 1,000,000 unless given). */
export function listing(prefix: string, companies: Array<{ suffix: string; listedShares?: number | null }>): MarketFiles {
  const sector = `${prefix.toLowerCase()}_banks`;
  return {
    sectors: [{ code: sector, name: `Banks ${prefix}` }],
    companies: companies.map(({ suffix, listedShares }) => ({
      symbol: `${prefix}${suffix}`,
      name: `${prefix}${suffix} Bank Limited`,
      sector_code: sector,
      listed_shares: listedShares === undefined ? 1_000_000 : listedShares,
    })),
  };
}

const LOCAL_ADDRESSES = ['127.0.0.1', '0:0:0:0::/64'];

/** Clears this machine's stock-analysis counter (IPv4 and IPv6 loopback, as clientKey names them). */
export async function resetAnalysisRateLimit(api: TestApp): Promise<void> {
  const limiters = api.app.container.get(RateLimiters);
  const rule = { name: ANALYSIS_RATE_LIMIT.name, points: 30, durationSeconds: 60 };
  for (const key of LOCAL_ADDRESSES) await limiters.reset(rule, key);
}

const STATUSES = ['valid', 'upstream_missing', 'insufficient_history', 'negative_input', 'insufficient_cohort'];
const SOURCES = ['mdp', 'computed', 'manual_swp'];

/**
 * market-data.md "Metric value", over a whole response, for every stock-analysis e2e file: every
 * object with a `status` key has one of the five statuses, one of the three sources, and a numeric
 * `value` exactly when the status is valid. Returns how many it saw (0 for an answer without any).
 */
export function expectMetricInvariants(json: unknown, path = 'data'): number {
  if (Array.isArray(json)) return json.reduce<number>((seen, item, index) => seen + expectMetricInvariants(item, `${path}[${index}]`), 0);
  if (json === null || typeof json !== 'object') return 0;
  const record = json as Record<string, unknown>;
  let seen = 0;
  if ('status' in record) {
    seen = 1;
    expect(STATUSES, `${path}.status`).to.include(record['status']);
    expect(SOURCES, `${path}.source`).to.include(record['source']);
    if (record['status'] === 'valid') expect(record['value'], `${path}.value`).to.be.a('number');
    else expect(record, `${path} has no value when ${String(record['status'])}`).not.to.have.property('value');
  }
  return Object.entries(record).reduce((total, [key, value]) => total + expectMetricInvariants(value, `${path}.${key}`), seen);
}
