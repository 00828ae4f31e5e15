import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import type { Cache, Redis } from '@platform/redis';
import { VersionedCache } from '@platform/redis';
import { CACHE, CONFIG, LOGGER, REDIS } from '../../shared';

const VERSION_KEY = 'orders:admin-version';
const MIN_VERSION_TTL_SECONDS = 86_400;

/**
 * The admin order reads (list pages and details), cached for ORDER_ADMIN_CACHE_TTL_SECONDS under
 * one version number for all orders: any order change bumps it after commit (VersionedCache).
 * Redis failures are misses; the database answers.
 */
@Service()
export class OrderAdminCache {
  private readonly views: VersionedCache;

  constructor(
    @Inject(CACHE) cache: Cache,
    @Inject(REDIS) redis: Redis,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.views = new VersionedCache(redis, cache, logger);
  }

  /** The view `name` (e.g. `list:<query>`, `detail:<id>`), loaded on a miss. */
  read<T>(name: string, load: () => Promise<T>): Promise<T> {
    const ttlSeconds = this.config.limits.orders.adminCacheTtlSeconds;
    return this.views.read({ name: `orders:admin:${name}`, versionKeys: [VERSION_KEY], ttlSeconds }, load);
  }

  async invalidate(tx?: Transaction): Promise<void> {
    if (tx) tx.afterCommit(() => this.bump());
    else await this.bump();
  }

  private bump(): Promise<void> {
    return this.views.bump(VERSION_KEY, Math.max(MIN_VERSION_TTL_SECONDS, 2 * this.config.limits.orders.adminCacheTtlSeconds));
  }
}
