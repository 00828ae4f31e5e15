import { Inject, Service } from 'typedi';
import type { Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import type { Cache, Redis } from '@platform/redis';
import { VersionedCache } from '@platform/redis';
import { CACHE, LOGGER, REDIS } from '../../shared';

/** market-data.md "Limits": how long each portfolio read stays cached. */
export const PORTFOLIO_FRESHNESS_SECONDS = {
  detail: 30,
  summary: 30,
  valuationIntraday: 60,
  valuation: 300,
} as const;

export type PortfolioView = keyof typeof PORTFOLIO_FRESHNESS_SECONDS;

const VERSION_TTL_SECONDS = 86_400;
const versionKey = (portfolioId: string) => `portfolios:version:${portfolioId}`;

/**
 * The cached reads of one portfolio, under its version number (VersionedCache): every write to
 * the portfolio (its fields, its transactions, its deletion) bumps the number after it commits,
 * so no read serves what the write changed. Redis failures are misses: the database answers.
 */
@Service()
export class PortfolioCache {
  private readonly views: VersionedCache;

  constructor(@Inject(CACHE) cache: Cache, @Inject(REDIS) redis: Redis, @Inject(LOGGER) logger: Logger) {
    this.views = new VersionedCache(redis, cache, logger);
  }

  /** `view` of the portfolio, with a name for its variant (e.g. the valuation range). */
  read<T>(portfolioId: string, view: PortfolioView, variant: string, load: () => Promise<T>): Promise<T> {
    return this.views.read(
      { name: `portfolios:${portfolioId}:${view}:${variant}`, versionKeys: [versionKey(portfolioId)], ttlSeconds: PORTFOLIO_FRESHNESS_SECONDS[view] },
      load,
    );
  }

  /** After `tx` commits (never when it rolls back): the portfolio's cached reads are stale. */
  invalidateAfter(portfolioId: string, tx: Transaction): void {
    tx.afterCommit(() => this.views.bump(versionKey(portfolioId), VERSION_TTL_SECONDS));
  }
}
