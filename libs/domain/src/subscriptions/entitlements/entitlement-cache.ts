import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import type { Cache, Redis } from '@platform/redis';
import { VersionedCache } from '@platform/redis';
import { CACHE, CONFIG, LOGGER, REDIS } from '../../shared';

const VERSION_TTL_SECONDS = 7 * 86_400;
const CATALOG_VERSION_KEY = 'subscriptions:entitlements:catalog-version';
const userVersionKey = (userId: string) => `subscriptions:entitlements:user-version:${userId}`;

/**
 * A user's entitlement windows in Redis (VersionedCache) under two version numbers: the user's
 * (bumped by every grant, extend, revoke, trial, purchase activation) and the catalog's (bumped by
 * every change of tiers, plans or features, which can change what any window gives). What is
 * cached is the windows with their start and end, not "active now", so expiry needs no
 * invalidation: each check filters the windows by the instant it asks about. Bumps run after the
 * commit; Redis failures fall back to the database.
 */
@Service()
export class EntitlementCache {
  private readonly views: VersionedCache;

  constructor(
    @Inject(CACHE) cache: Cache,
    @Inject(REDIS) redis: Redis,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.views = new VersionedCache(redis, cache, logger);
  }

  read<T>(userId: string, load: () => Promise<T>): Promise<T> {
    const view = {
      name: `subscriptions:entitlements:${userId}`,
      versionKeys: [userVersionKey(userId), CATALOG_VERSION_KEY],
      ttlSeconds: this.config.limits.subscriptions.entitlementCacheTtlSeconds,
    };
    return this.views.read(view, load);
  }

  /** After `tx` commits (at once without one): the user's cached windows are stale. */
  invalidateUser(userId: string, tx?: Transaction): Promise<void> {
    return this.afterCommit(tx, () => this.views.bump(userVersionKey(userId), VERSION_TTL_SECONDS));
  }

  /** After `tx` commits: every user's cached windows are stale (a tier, plan or feature changed). */
  invalidateCatalog(tx?: Transaction): Promise<void> {
    return this.afterCommit(tx, () => this.views.bump(CATALOG_VERSION_KEY, VERSION_TTL_SECONDS));
  }

  private async afterCommit(tx: Transaction | undefined, bump: () => Promise<void>): Promise<void> {
    if (tx) tx.afterCommit(bump);
    else await bump();
  }
}
