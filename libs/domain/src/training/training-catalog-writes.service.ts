import { Inject, Service } from 'typedi';
import { Database, Transaction } from '@platform/db';
import { ALL_OWNERS, versionedViewsToken, VersionedViews } from '../shared';

/**
 * Customer reads of trainings (learning-commerce.md "Limits": REDIS_CACHE_TTL_SECONDS). One
 * namespace for every training view: any admin write makes all of them stale, after it commits.
 */
export const TRAINING_CATALOG_VIEWS = versionedViewsToken('training:catalog', (config) => ({ ttlSeconds: config.redis.cacheTtlSeconds }));

/**
 * The one way admin use cases write trainings: a transaction whose commit makes every cached
 * training view stale, so no write can forget the invalidation (a rollback keeps the cache).
 */
@Service()
export class TrainingCatalogWrites {
  constructor(
    private readonly db: Database,
    @Inject(TRAINING_CATALOG_VIEWS) private readonly views: VersionedViews,
  ) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await this.views.invalidateAll(tx);
      return work(tx);
    });
  }

  /** A cached customer view of the catalog (loaded from the database on a miss or when Redis fails). */
  read<T>(view: string, load: () => Promise<T>): Promise<T> {
    return this.views.read(ALL_OWNERS, view, load);
  }

  /** For writes outside an admin transaction (part 2: seat counters move with enrollments). */
  invalidate(tx?: Transaction): Promise<void> {
    return this.views.invalidateAll(tx);
  }
}
