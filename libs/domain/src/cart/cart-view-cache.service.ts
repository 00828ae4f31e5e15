import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Transaction } from '@platform/db';
import type { SerializedView } from '@platform/redis';
import { CONFIG, VersionedCaches, VersionedViews } from '../shared';
import type { CartView } from './cart.views';

/**
 * The customer's cart view, cached for CART_CUSTOMER_CACHE_TTL_SECONDS ("Limits") under a
 * per-user version (VersionedCaches) that every change bumps after it commits. A view whose cart
 * has expired is never served, so the expiry rule ("an expired cart returns 200 with a new empty
 * cart") holds whatever the cache holds.
 * A class, not a bare versionedViewsToken, for that expiry check: every read must make it.
 */
@Service()
export class CartViewCache {
  private readonly views: VersionedViews;

  constructor(caches: VersionedCaches, @Inject(CONFIG) config: AppConfig) {
    this.views = caches.define({ name: 'cart', ttlSeconds: config.limits.cart.cacheTtlSeconds });
  }

  /** The view as finished JSON; its expiry is stored beside it, so no read parses it. */
  read(userId: string, load: () => Promise<CartView>, at = new Date()): Promise<SerializedView> {
    return this.views.readSerialized(
      userId,
      'view',
      async () => {
        const value = await load();
        return { value, tag: String(Date.parse(value.expiresAt)) };
      },
      { accept: (expiresAt) => Number(expiresAt) > at.getTime() },
    );
  }

  /** After `tx` commits (at once without one): later reads miss and load the changed cart. */
  invalidate(userId: string, tx?: Transaction): Promise<void> {
    return this.views.invalidate(userId, tx);
  }
}
