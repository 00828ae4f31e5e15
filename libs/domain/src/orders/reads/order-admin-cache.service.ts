import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import type { Cache, Redis } from '@platform/redis';
import { CACHE, CONFIG, LOGGER, REDIS } from '../../shared';

const VERSION_KEY = 'orders:admin-version';
const MIN_VERSION_TTL_SECONDS = 86_400;

/**
 * The admin order reads (list pages and details), cached for ORDER_ADMIN_CACHE_TTL_SECONDS under
 * one version number for all orders: any order change bumps it (after commit), the same versioned
 * scheme as OrderHistoryCache. Redis failures are misses; the database answers.
 */
@Service()
export class OrderAdminCache {
  constructor(
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The view `name` (e.g. `list:<query>`, `detail:<id>`), loaded on a miss. */
  async read<T>(name: string, load: () => Promise<T>): Promise<T> {
    const version = await this.version();
    if (version === undefined) return load();
    const key = `orders:admin:${version}:${name}`;
    const cached = await this.cache.get<T>(key);
    if (cached !== undefined) return cached;
    const view = await load();
    await this.cache.set(key, view, this.config.limits.orders.adminCacheTtlSeconds);
    return view;
  }

  async invalidate(tx?: Transaction): Promise<void> {
    if (tx) tx.afterCommit(() => this.bump());
    else await this.bump();
  }

  private async version(): Promise<string | undefined> {
    try {
      return (await this.redis.get(VERSION_KEY)) ?? '0';
    } catch (error) {
      this.logger.warn({ err: error }, 'admin order cache version read failed; reading the database');
      return undefined;
    }
  }

  private async bump(): Promise<void> {
    const ttl = Math.max(MIN_VERSION_TTL_SECONDS, 2 * this.config.limits.orders.adminCacheTtlSeconds);
    try {
      await this.redis.multi().incr(VERSION_KEY).expire(VERSION_KEY, ttl).exec();
    } catch (error) {
      this.logger.warn({ err: error }, 'admin order cache invalidation failed');
    }
  }
}
