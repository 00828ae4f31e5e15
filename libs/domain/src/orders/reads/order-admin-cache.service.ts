import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Transaction } from '@platform/db';
import { ALL_OWNERS, CONFIG, VersionedCaches, VersionedViews } from '../../shared';

/**
 * The admin order reads (list pages and details), cached for ORDER_ADMIN_CACHE_TTL_SECONDS under
 * one version for all orders (VersionedCaches): any order change bumps it after commit.
 */
@Service()
export class OrderAdminCache {
  private readonly views: VersionedViews;

  constructor(caches: VersionedCaches, @Inject(CONFIG) config: AppConfig) {
    this.views = caches.define({ name: 'orders:admin', ttlSeconds: config.limits.orders.adminCacheTtlSeconds });
  }

  /** The view `name` (e.g. `list:<query>`, `detail:<id>`), loaded on a miss. */
  read<T>(name: string, load: () => Promise<T>): Promise<T> {
    return this.views.read(ALL_OWNERS, name, load);
  }

  invalidate(tx?: Transaction): Promise<void> {
    return this.views.invalidateAll(tx);
  }
}
