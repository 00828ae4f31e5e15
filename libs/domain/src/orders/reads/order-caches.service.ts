import { Inject, Service } from 'typedi';
import type { Transaction } from '@platform/db';
import { versionedViewsToken, VersionedViews } from '../../shared';

/**
 * The customer's order reads (list pages and details), cached for ORDER_HISTORY_CACHE_TTL_SECONDS
 * (learning-commerce.md, "Limits") under a per-user version: `read(userId, 'detail:<id>', load)`.
 */
export const ORDER_HISTORY_VIEWS = versionedViewsToken('orders:history', (config) => ({ ttlSeconds: config.limits.orders.historyCacheTtlSeconds }));

/**
 * The admin order reads (list pages, counts and details), cached for ORDER_ADMIN_CACHE_TTL_SECONDS
 * under one version for all orders: `read(ALL_OWNERS, 'detail:<id>', load)`.
 */
export const ORDER_ADMIN_VIEWS = versionedViewsToken('orders:admin', (config) => ({ ttlSeconds: config.limits.orders.adminCacheTtlSeconds }));

/**
 * Every cached view of orders: the owner's history and the admin reads. Call `invalidate` for
 * every change of an order (state, items, notes); with a transaction it runs after commit.
 */
@Service()
export class OrderCaches {
  constructor(
    @Inject(ORDER_HISTORY_VIEWS) private readonly history: VersionedViews,
    @Inject(ORDER_ADMIN_VIEWS) private readonly admin: VersionedViews,
  ) {}

  async invalidate(userId: string, tx?: Transaction): Promise<void> {
    await this.history.invalidate(userId, tx);
    await this.admin.invalidateAll(tx);
  }
}
