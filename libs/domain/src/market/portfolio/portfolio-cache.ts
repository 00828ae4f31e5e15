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

  /** After `tx` commits (never when it rolls back): the portfolio's cached reads are stale. */
  invalidateAfter(portfolioId: string, tx: Transaction): void {
    void this.views.invalidate(portfolioId, tx);
  }
}
