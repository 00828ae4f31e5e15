import { Inject, Service } from 'typedi';
import { Database, Transaction, TransactionOptions } from '@platform/db';
import { ALL_OWNERS, ReadOptions, versionedViewsToken, VersionedViews } from '../shared';

/**
 * How long a public newsletter view stays cached at most: REDIS_CACHE_TTL_SECONDS, capped at a
 * minute. Writes make views stale at once (below); the bound is for what no write announces, such
 * as rows changed outside the use cases (a seed, a manual fix).
 */
export const CONTENT_VIEW_MAX_TTL_SECONDS = 60;

export const CONTENT_PUBLIC_VIEWS = versionedViewsToken('content:public', (config) => ({
  ttlSeconds: Math.min(config.redis.cacheTtlSeconds, CONTENT_VIEW_MAX_TTL_SECONDS),
}));

/**
 * The public newsletter reads (series list and detail, item list and preview, the featured lists)
 * cached as finished response data under ONE content version (VersionedCaches): a hit is a version
 * MGET and a GET, no SQL and no model hydration. Every content write runs in `transaction` (or
 * calls `invalidate`), whose commit bumps the version, so the next public read is fresh; a rollback
 * keeps the cache. One version for all views because most writes reach several (an item shows in
 * lists, its series' page, the featured lists), and content writes are rare next to reads.
 * Reads by the caller (/full, the library) are not cached here: they depend on the entitlement.
 * Redis down: every read loads the database (VersionedCache treats failures as misses).
 * Cached views come back as parsed JSON (dates as ISO strings): the bytes of the answer are the same.
 */
@Service()
export class ContentPublicViews {
  constructor(
    private readonly db: Database,
    @Inject(CONTENT_PUBLIC_VIEWS) private readonly views: VersionedViews,
  ) {}

  /** The view `name` for `params` (every parameter that shapes it), loaded on a miss. */
  read<T>(name: string, params: object, load: () => Promise<T>, options?: ReadOptions<T>): Promise<T> {
    return this.views.read(ALL_OWNERS, `${name}:${paramsKey(params)}`, load, options);
  }

  /** A content write: its commit (never its rollback) makes every public view stale. */
  transaction<T>(work: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T> {
    return this.db.transaction(async (tx) => {
      await this.views.invalidateAll(tx);
      return work(tx);
    }, options);
  }

  /** After `tx` commits, or at once without one (a write outside `transaction`, e.g. the publish_due job's UPDATE). */
  invalidate(tx?: Transaction): Promise<void> {
    return this.views.invalidateAll(tx);
  }
}

/** The parameters as a key that does not depend on their order; undefined ones are left out. */
function paramsKey(params: object): string {
  const entries = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
