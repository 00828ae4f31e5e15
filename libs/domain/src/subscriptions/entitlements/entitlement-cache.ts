import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import type { Cache, Redis } from '@platform/redis';
import { CACHE, CONFIG, LOGGER, REDIS } from '../../shared';

const VERSION_TTL_SECONDS = 7 * 86_400;
const CATALOG_VERSION_KEY = 'subscriptions:entitlements:catalog-version';
const userVersionKey = (userId: string) => `subscriptions:entitlements:user-version:${userId}`;

/**
 * A user's entitlement windows in Redis, under two version numbers read in one MGET: the user's
 * (bumped by every grant, extend, revoke, trial, purchase activation) and the catalog's (bumped by
 * every change of tiers, plans or features, which can change what any window gives). What is
 * cached is the windows with their start and end, not "active now", so expiry needs no
 * invalidation: each check filters the windows by the instant it asks about. Bumps run after the
 * commit (INCR: concurrent bumps never reuse a number; a read that loaded before the commit wrote
 * under the old number, where nobody looks). Redis failures fall back to the database.
 */
@Service()
export class EntitlementCache {
  constructor(
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async read<T>(userId: string, load: () => Promise<T>): Promise<T> {
    let versions: (string | null)[];
    try {
      versions = await this.redis.mget(userVersionKey(userId), CATALOG_VERSION_KEY);
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'entitlement cache version read failed; reading the database');
      return load();
    }
    const key = `subscriptions:entitlements:${userId}:${versions[0] ?? '0'}:${versions[1] ?? '0'}`;
    const cached = await this.cache.get<T>(key);
    if (cached !== undefined) return cached;
    const value = await load();
    await this.cache.set(key, value, this.config.limits.subscriptions.entitlementCacheTtlSeconds);
    return value;
  }

  /** After `tx` commits (at once without one): the user's cached windows are stale. */
  invalidateUser(userId: string, tx?: Transaction): Promise<void> {
    return this.afterCommit(tx, () => this.bump(userVersionKey(userId)));
  }

  /** After `tx` commits: every user's cached windows are stale (a tier, plan or feature changed). */
  invalidateCatalog(tx?: Transaction): Promise<void> {
    return this.afterCommit(tx, () => this.bump(CATALOG_VERSION_KEY));
  }

  private async afterCommit(tx: Transaction | undefined, bump: () => Promise<void>): Promise<void> {
    if (tx) tx.afterCommit(bump);
    else await bump();
  }

  private async bump(key: string): Promise<void> {
    try {
      await this.redis.multi().incr(key).expire(key, VERSION_TTL_SECONDS).exec();
    } catch (error) {
      // The cached windows then live out their TTL (SUBSCRIPTION_ENTITLEMENT_CACHE_TTL_SECONDS).
      this.logger.error({ err: error, key }, 'entitlement cache invalidation failed');
    }
  }
}
