import type { Database, Transaction } from '@platform/db';
import { ALL_OWNERS, VersionedViews } from './versioned-caches.service';

/**
 * The one way a catalog's use cases write (trainings, the course storefront): a transaction whose
 * commit makes every cached view of the catalog's namespace stale, so no write can forget the
 * invalidation (a rollback keeps the cache). Writes that bypass it (seeders, test factories) are
 * seen once the views expire. A context subclasses it as a @Service with its own views token.
 */
export abstract class CatalogWrites {
  protected constructor(
    private readonly db: Database,
    private readonly views: VersionedViews,
  ) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await this.views.invalidateAll(tx);
      return work(tx);
    });
  }

  /** A cached view of the catalog (loaded from the database on a miss or when Redis fails; a failed load is not cached). */
  read<T>(view: string, load: () => Promise<T>): Promise<T> {
    return this.views.read(ALL_OWNERS, view, load);
  }

  /** For writes outside the catalog's own transactions (e.g. seat counters moving with enrollments). */
  invalidate(tx?: Transaction): Promise<void> {
    return this.views.invalidateAll(tx);
  }
}
