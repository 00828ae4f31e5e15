import { Service } from 'typedi';
import type { Transaction } from '@platform/db';
import { VersionedCaches, VersionedViews } from '../../shared';

/** market-data.md "Limits": how long each portfolio read stays cached. */
export const PORTFOLIO_FRESHNESS_SECONDS = {
  detail: 30,
  summary: 30,
  valuationIntraday: 60,
  valuation: 300,
} as const;

export type PortfolioView = keyof typeof PORTFOLIO_FRESHNESS_SECONDS;

/**
 * The cached reads of one portfolio, under its version (VersionedCaches): every write to the
 * portfolio (its fields, its transactions, its deletion) bumps it after it commits, so no read
 * serves what the write changed.
 * A class, not a bare versionedViewsToken, because it holds each view's freshness (no caller picks a TTL).
 */
@Service()
export class PortfolioCache {
  private readonly views: VersionedViews;

  constructor(caches: VersionedCaches) {
    this.views = caches.define({ name: 'portfolios', ttlSeconds: Math.max(...Object.values(PORTFOLIO_FRESHNESS_SECONDS)) });
  }

  /** `view` of the portfolio, with a name for its variant (e.g. the valuation range). */
  read<T>(portfolioId: string, view: PortfolioView, variant: string, load: () => Promise<T>): Promise<T> {
    return this.views.read(portfolioId, `${view}:${variant}`, load, { ttlSeconds: PORTFOLIO_FRESHNESS_SECONDS[view] });
  }

  /**
   * `read` as finished JSON, for a route that sends it as it is. The owner is stored beside the view,
   * so a hit needs no ownership query; `load` must prove the caller owns the portfolio (anyone else's
   * request misses and loads, which refuses them).
   */
  async readJson<T>(portfolioId: string, view: PortfolioView, variant: string, ownerId: string, load: () => Promise<T>): Promise<Buffer> {
    const stored = await this.views.readSerialized(
      portfolioId,
      `${view}:${variant}`,
      async () => ({ value: await load(), tag: ownerId }),
      { ttlSeconds: PORTFOLIO_FRESHNESS_SECONDS[view], accept: (owner) => owner === ownerId },
    );
    return stored.json;
  }

  /** After `tx` commits (never when it rolls back): the portfolio's cached reads are stale. */
  invalidateAfter(portfolioId: string, tx: Transaction): void {
    void this.views.invalidate(portfolioId, tx);
  }
}
