import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import type { Cache, Redis } from '@platform/redis';
import { CACHE, CONFIG, LOGGER, REDIS } from '../../shared';

/** A version number lives far longer than any view cached under it (see below). */
const MIN_VERSION_TTL_SECONDS = 86_400;

/**
 * The customer's order reads (list pages and details), cached for ORDER_HISTORY_CACHE_TTL_SECONDS
 * (learning-commerce.md, "Limits") under a per-user version number. Every change of one of the
 * user's orders must call `invalidate(userId, tx?)` (checkout, buy-now, payment finalization,
 * cancel, refund, admin changes): it bumps the version (Redis INCR, so concurrent bumps never
 * reuse a number), and later reads look under the new one. Views are never deleted: a read that
 * loaded the database before a change committed writes its old view under the old version, where
 * no later read looks (the same approach as CartViewCache). Redis failures are misses: the
 * database answers, and a failed bump is logged (the old views then live out their short TTL).
 */
@Service()
export class OrderHistoryCache {
  constructor(
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The view `name` (e.g. `list:<query>`, `detail:<id>`) of the user's orders, loaded on a miss. */
  async read<T>(userId: string, name: string, load: () => Promise<T>): Promise<T> {
    const version = await this.version(userId);
    if (version === undefined) return load();
    const key = `orders:history:${userId}:${version}:${name}`;
    const cached = await this.cache.get<T>(key);
    if (cached !== undefined) return cached;
    const view = await load();
    await this.cache.set(key, view, this.config.limits.orders.historyCacheTtlSeconds);
    return view;
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

  /** Undefined when Redis cannot say: the caller then reads the database and caches nothing. */
  private async version(userId: string): Promise<string | undefined> {
    try {
      return (await this.redis.get(versionKey(userId))) ?? '0';
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'order history version read failed; reading the database');
      return undefined;
    }
  }

  private async bump(userId: string): Promise<void> {
    const ttl = Math.max(MIN_VERSION_TTL_SECONDS, 2 * this.config.limits.orders.historyCacheTtlSeconds);
    try {
      await this.redis.multi().incr(versionKey(userId)).expire(versionKey(userId), ttl).exec();
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'order history cache invalidation failed');
    }
  }
}

const versionKey = (userId: string) => `orders:history-version:${userId}`;
