import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Transaction } from '@platform/db';
import { CONFIG, VersionedCaches, VersionedViews } from '../../shared';

/**
 * A user's entitlement windows in Redis (VersionedCaches) under two versions: the user's (bumped
 * by every grant, extend, revoke, trial, purchase activation) and the catalog's, shared by all
 * users (bumped by every change of tiers, plans or features, which can change what any window
 * gives). What is cached is the windows with their start and end, not "active now", so expiry
 * needs no invalidation: each check filters the windows by the instant it asks about.
 * A class, not a bare versionedViewsToken, so that callers name which of the two versions a change bumps.
 */
@Service()
export class EntitlementCache {
  private readonly views: VersionedViews;

  constructor(caches: VersionedCaches, @Inject(CONFIG) config: AppConfig) {
    this.views = caches.define({
      name: 'subscriptions:entitlements',
      ttlSeconds: config.limits.subscriptions.entitlementCacheTtlSeconds,
      versionTtlSeconds: 7 * 86_400,
    });
  }

  read<T>(userId: string, load: () => Promise<T>): Promise<T> {
    return this.views.read(userId, 'windows', load);
  }

  /** After `tx` commits (at once without one): the user's cached windows are stale. */
  invalidateUser(userId: string, tx?: Transaction): Promise<void> {
    return this.views.invalidate(userId, tx);
  }

  /** After `tx` commits: every user's cached windows are stale (a tier, plan or feature changed). */
  invalidateCatalog(tx?: Transaction): Promise<void> {
    return this.views.invalidateAll(tx);
  }
}
