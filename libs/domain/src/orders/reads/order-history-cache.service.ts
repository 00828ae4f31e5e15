import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import type { Cache, Redis } from '@platform/redis';
import { VersionedCache } from '@platform/redis';
import { CACHE, CONFIG, LOGGER, REDIS } from '../../shared';

/** A version number lives far longer than any view cached under it. */
const MIN_VERSION_TTL_SECONDS = 86_400;
const versionKey = (userId: string) => `orders:history-version:${userId}`;

/**
 * The customer's order reads (list pages and details), cached for ORDER_HISTORY_CACHE_TTL_SECONDS
 * (learning-commerce.md, "Limits") under a per-user version number (VersionedCache). Every change
 * of one of the user's orders must call `invalidate(userId, tx?)` (checkout, buy-now, payment
 * finalization, cancel, refund, admin changes). Redis failures are misses: the database answers.
 */
@Service()
export class OrderHistoryCache {
  private readonly views: VersionedCache;

  constructor(
    @Inject(CACHE) cache: Cache,
    @Inject(REDIS) redis: Redis,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.views = new VersionedCache(redis, cache, logger);
  }

  /** The view `name` (e.g. `list:<query>`, `detail:<id>`) of the user's orders, loaded on a miss. */
  read<T>(userId: string, name: string, load: () => Promise<T>): Promise<T> {
    const ttlSeconds = this.config.limits.orders.historyCacheTtlSeconds;
    return this.views.read({ name: `orders:history:${userId}:${name}`, versionKeys: [versionKey(userId)], ttlSeconds }, load);
  }

  /**
   * Makes every cached order read of `userId` stale. With a transaction, this runs after it
   * commits (and not at all when it rolls back), so no read can cache the pre-commit state under
   * the new version; without one, at once. Call it for every order state change.
   */
  async invalidate(userId: string, tx?: Transaction): Promise<void> {
    if (tx) tx.afterCommit(() => this.bump(userId));
    else await this.bump(userId);
  }

  private bump(userId: string): Promise<void> {
    return this.views.bump(versionKey(userId), Math.max(MIN_VERSION_TTL_SECONDS, 2 * this.config.limits.orders.historyCacheTtlSeconds));
  }
}
