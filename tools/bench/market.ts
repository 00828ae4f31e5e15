import { createMarketApi } from '../../apps/market-api/src/market-api';
import { listen } from '@platform/http';
import { keyPrefix } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import { COMPANIES } from '../market-demo/companies';
import { seedMarket } from '../seed/market.seeder';
import type { RunningApp } from './apps';
import type { Baselines } from './baselines';
import type { Cleanup } from './cleanup';
import type { BenchActors } from './fixtures';
import type { Measurement } from './measure';
import type { ScenarioGroup, Target } from './scenarios';
import type { BenchSettings } from './settings';

/**
 * Issue 9: the public stock-analysis routes of market-api. Both are rate limited to 30 requests a
 * minute per client address (CONTRACT section 8, one counter shared by every analysis route), so
 * they run against a market-api of their own that trusts the loopback load generator as a proxy
 * (TRUST_PROXY=loopback) and every request carries the next X-Forwarded-For of a pool of
 * addresses, one pool per target. The demo market data (tools/market-demo, through
 * IngestMarketDataUseCase as `seedMarket` loads it) is written by the groups' `prepare`, only
 * when BENCH_FILTER keeps one of them.
 */
export const MARKET_RATE_LIMIT = { points: 30, windowSeconds: 60 };
/** Requests a second the address pools are sized for: above the bare Express baseline on 2 cores (about 9,100). */
export const MARKET_MAX_RATE = 10_000;
/** The focal company of the cached snapshot. */
export const SNAPSHOT_SYMBOL = 'NABIL';

export interface MarketBench {
  app: RunningApp;
  /** Addresses per pool: each address sends at most MARKET_RATE_LIMIT.points a window below MARKET_MAX_RATE req/s. */
  addresses: number;
  groups: ScenarioGroup[];
}

/**
 * Addresses a pool needs so that none sends more than 30 requests in a minute at `maxRate`
 * req/s: round-robin, an address comes back every N / rate seconds, so one window sees
 * rate × min(warm-up + measured, 60) / N requests of it.
 */
export function marketAddressCount(settings: Pick<BenchSettings, 'durationSeconds' | 'warmupSeconds'>, maxRate = MARKET_MAX_RATE): number {
  const seconds = Math.min(settings.warmupSeconds + settings.durationSeconds, MARKET_RATE_LIMIT.windowSeconds);
  return Math.ceil((maxRate * seconds) / MARKET_RATE_LIMIT.points);
}

/** `count` distinct addresses 10.<pool>.x.y (pool 1-255), so that no two targets share a rate-limit counter. */
export function addressPool(pool: number, count: number): string[] {
  if (count > 65_535) throw new Error(`an address pool holds at most 65,535 addresses (asked for ${count})`);
  return Array.from({ length: count }, (_, n) => `10.${pool}.${((n + 1) >> 8) & 255}.${(n + 1) & 255}`);
}

/**
 * Peers queries: each demo company as the focal one, its sector's other companies in every
 * rotation (up to 4 are kept), one company of another sector (different_sector) and `ZZ{{request}}`,
 * an unknown symbol numbered per request by the load generator: the normalised list, and so the
 * cache key, is new on every request.
 */
export function peersPaths(): string[] {
  return COMPANIES.flatMap((company, index) => {
    const others = COMPANIES.filter((other) => other.sector === company.sector && other.symbol !== company.symbol).map((other) => other.symbol);
    const foreign = [...COMPANIES.slice(index + 1), ...COMPANIES].find((other) => other.sector !== company.sector)?.symbol;
    return others.map((_, turn) => {
      const symbols = [...others.slice(turn), ...others.slice(0, turn), foreign, 'ZZ{{request}}'].filter(Boolean).join(',');
      return `/api/market/companies/${company.symbol}/fundamentals/peers?symbols=${symbols}`;
    });
  });
}

/** Starts the market-api that trusts X-Forwarded-For (over the bench's infrastructure) and builds the two groups. */
export async function startMarketBench(
  infra: Infrastructure,
  baselines: Baselines,
  actors: BenchActors,
  settings: BenchSettings,
  cleanup: Cleanup,
): Promise<MarketBench> {
  const config = { ...infra.config, http: { ...infra.config.http, trustProxy: ['loopback'] } };
  const created = createMarketApi({ ...infra, config });
  const server = await listen(created.express, 0);
  cleanup.add('stop market-api (TRUST_PROXY=loopback)', () => server.close(1_000));
  const app: RunningApp = { name: 'market-api', app: created, baseUrl: `http://127.0.0.1:${server.port}` };

  const addresses = marketAddressCount(settings);
  const seconds = Math.min(settings.warmupSeconds + settings.durationSeconds, MARKET_RATE_LIMIT.windowSeconds);
  const rotation =
    `X-Forwarded-For rotated over ${addresses.toLocaleString('en')} addresses of this target's own (TRUST_PROXY=loopback; ` +
    `30 requests a minute each allow ${MARKET_MAX_RATE.toLocaleString('en')} req/s over ${seconds} s)`;
  const snapshotPath = `/api/market/companies/${SNAPSHOT_SYMBOL}/fundamentals/snapshot`;
  const peers = peersPaths();
  const snapshot: Target = {
    name: 'market-api GET /api/market/companies/:symbol/fundamentals/snapshot (cached)',
    kind: 'scenario',
    description:
      `public route: middleware stack, rate limit per client IP (Redis), snapshot of ${SNAPSHOT_SYMBOL} from the analysis cache ` +
      `(one Redis GET of the stored JSON, sent as stored inside the envelope; warmed by the pre-flight request: every measured ` +
      `request is a hit), Cache-Control with the freshness left; ${rotation}`,
    url: `${app.baseUrl}${snapshotPath}`,
    headers: { 'x-forwarded-for': '192.0.2.1' },
    perRequest: { forwardedFor: addressPool(1, addresses) },
  };
  const peersTarget: Target = {
    name: 'market-api GET /api/market/companies/:symbol/fundamentals/peers?symbols=… (uncached)',
    kind: 'scenario',
    description:
      'public route: middleware stack, rate limit per client IP (Redis), a cache miss (Redis GET), focal lookup, peer symbols ' +
      'lookup, figures of the focal company and up to 4 peers (sequelize), ratios and radar, cache SET, envelope; ' +
      `${peers.length} queries rotated (each of the ${COMPANIES.length} demo companies as focal, its sector's others in every rotation, ` +
      'one company of another sector) plus an unknown ZZ<request number>, so every request has a new cache key; ' +
      `${rotation}. Its ratio to express + pg (one indexed lookup) is informational, no goal`,
    url: `${app.baseUrl}${peers[0].replace('{{request}}', 'PREFLIGHT')}`,
    headers: { 'x-forwarded-for': '192.0.2.2' },
    perRequest: { paths: peers, forwardedFor: addressPool(2, addresses) },
  };

  let seeded: Promise<void> | undefined;
  const prepare = () =>
    (seeded ??= (async () => {
      const started = Date.now();
      const { companies } = await seedMarket(created.container);
      process.stderr.write(
        `  market fixtures: ${companies.length} demo companies ingested in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
          `${addresses.toLocaleString('en')} X-Forwarded-For addresses per target (${MARKET_RATE_LIMIT.points}/min each: ` +
          `up to ${MARKET_MAX_RATE.toLocaleString('en')} req/s over ${seconds} s without a 429)\n`,
      );
    })());
  const summarize = async (measurements: Measurement[]) => {
    const lines: string[] = [];
    for (const { target, outcome } of measurements) {
      if (target.kind !== 'scenario' || !outcome) continue;
      const sent = outcome.warmup.totalRequests + outcome.measured.totalRequests;
      const rate = Math.max(outcome.warmup.requestsPerSecond, outcome.measured.requestsPerSecond);
      const total = settings.warmupSeconds + settings.durationSeconds;
      const perAddress = Math.ceil((sent * Math.min(1, MARKET_RATE_LIMIT.windowSeconds / total)) / addresses);
      lines.push(
        `${target.name}: ${sent.toLocaleString('en')} requests (warm-up + measured) over ${addresses.toLocaleString('en')} addresses, ` +
          `at most ${perAddress} per address in a minute (limit ${MARKET_RATE_LIMIT.points})`,
      );
      if (rate > MARKET_MAX_RATE) lines.push(`  faster than the address pool allows (${MARKET_MAX_RATE} req/s): 429s are the bench's, raise MARKET_MAX_RATE`);
    }
    if (measurements.some((m) => m.target === peersTarget && m.outcome)) {
      lines.push(`peers cache entries written: ${(await countKeys(infra, 'cache:market:analysis:peers:*')).toLocaleString('en')} (one per request when every request missed)`);
    }
    return lines;
  };

  return {
    app,
    addresses,
    groups: [
      {
        prepare,
        baseline: {
          name: 'baseline: bare express (market)',
          kind: 'baseline',
          description: 'express() with one route answering the health body (a constant JSON body)',
          url: baselines.bareExpressUrl,
        },
        scenarios: [snapshot],
        summarize,
      },
      {
        prepare,
        baseline: {
          name: 'baseline: express + pg (market)',
          kind: 'baseline',
          description: 'express() + pg.Pool(DB_POOL_MAX): SELECT id FROM users WHERE id = $1 (one indexed lookup)',
          url: baselines.expressPgUrl(actors.customerId),
        },
        scenarios: [peersTarget],
        summarize,
      },
    ],
  };
}

/** Keys of the run's prefix matching `pattern` (SCAN patterns are not prefixed by ioredis). */
async function countKeys(infra: Infrastructure, pattern: string): Promise<number> {
  const escaped = keyPrefix(infra.config.redis.prefix).replace(/[*?[\]\\]/g, '\\$&');
  let count = 0;
  for await (const keys of infra.redis.scanStream({ match: `${escaped}${pattern}`, count: 1_000 })) count += (keys as string[]).length;
  return count;
}
