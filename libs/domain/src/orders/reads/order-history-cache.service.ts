import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Transaction } from '@platform/db';
import { CONFIG, VersionedCaches, VersionedViews } from '../../shared';

/**
 * The customer's order reads (list pages and details), cached for ORDER_HISTORY_CACHE_TTL_SECONDS
 * (learning-commerce.md, "Limits") under a per-user version (VersionedCaches). Every change of one
 * of the user's orders must call `invalidate(userId, tx?)` (checkout, buy-now, payment
 * finalization, cancel, refund, admin changes); with a transaction it runs after the commit.
 */
@Service()
export class OrderHistoryCache {
  private readonly views: VersionedViews;

  constructor(caches: VersionedCaches, @Inject(CONFIG) config: AppConfig) {
    this.views = caches.define({ name: 'orders:history', ttlSeconds: config.limits.orders.historyCacheTtlSeconds });
  }

  /** The view `name` (e.g. `list:<query>`, `detail:<id>`) of the user's orders, loaded on a miss. */
  read<T>(userId: string, name: string, load: () => Promise<T>): Promise<T> {
    return this.views.read(userId, name, load);
  }

  invalidate(userId: string, tx?: Transaction): Promise<void> {
    return this.views.invalidate(userId, tx);
  }
}
