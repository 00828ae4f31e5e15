import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database, Transaction } from '@platform/db';
import { Clock, RealtimeAccessRecheck, textArrayLiteral } from '../../shared';
import { EntitlementCache } from './entitlement-cache';
import { CONTENT_TIER_HOLDERS_PAGE_SQL, NIL_USER_ID } from './content-tier-holders.sql';
import { ENTITLEMENT_WINDOWS_SQL, FEATURE_HOLDERS_SQL, FEATURE_WINDOWS_OF_USERS_SQL } from './entitlement-windows.sql';

export const CONTENT_TIERS = ['basic', 'premium'] as const;
export type ContentTier = (typeof CONTENT_TIERS)[number];

/** The content tiers a holder of `held` reads: basic is satisfied by basic or premium, premium by premium only. */
export function contentTiersReadableWith(held: ContentTier | null): ContentTier[] {
  if (held === 'premium') return ['basic', 'premium'];
  if (held === 'basic') return ['basic'];
  return [];
}

/**
 * The tiers whose holders read an item requiring `required` (null: free, read by every holder):
 * contentTiersReadableWith turned around, so SQL can filter holders by the one rule.
 */
export function contentTiersSatisfying(required: ContentTier | null): ContentTier[] {
  return CONTENT_TIERS.filter((held) => required === null || contentTiersReadableWith(held).includes(required));
}

/** A user holding a content tier now (newsletter audiences and the admin subscriber list). */
export interface ContentTierHolder {
  userId: string;
  name: string;
  email: string;
  tier: ContentTier;
  /** The latest end among the live windows that give this tier. */
  validUntil: Date;
}

/** A period during which the user held a plan (JSON-safe: it is cached). */
export interface EntitlementWindow {
  subscriptionId: string;
  moduleId: string;
  planId: string;
  /** ISO instants; the window is [from, to). */
  from: string;
  to: string;
  featureKeys: string[];
  contentTier: ContentTier;
}

/** What a user holds at one instant. */
export interface Entitlements {
  userId: string;
  at: Date;
  /** Enabled feature keys of every live plan (and of their ancestor tiers' plans), sorted. */
  featureKeys: string[];
  /** premium if any live plan's tier is premium, else basic if any plan is live, else null. */
  contentTier: ContentTier | null;
  /** The live subscriptions these come from. */
  subscriptionIds: string[];
}

export interface Interval {
  from: Date;
  to: Date;
}

interface WindowRow {
  subscriptionId: string;
  moduleId: string;
  planId: string;
  from: Date;
  to: Date;
  premium: boolean;
  featureKeys: string[];
}

/**
 * The one entitlement function. Every check of what a subscription gives — gated channels and
 * discussions, newsletter full items, push and email audiences — asks this service, never the
 * tables (Ghost once emailed tier-only posts to everyone because its renderer skipped the check).
 * Answers are computed from the user's windows (EntitlementCache; the database when Redis fails)
 * at the instant asked, so a revoke shows on the very next check and an expiry needs no job.
 */
@Service()
export class EntitlementService {
  constructor(
    private readonly db: Database,
    private readonly cache: EntitlementCache,
    private readonly clock: Clock,
    private readonly realtimeRecheck: RealtimeAccessRecheck,
  ) {}

  /** Every window the user ever held (trial, active, revoked up to revocation), oldest first. */
  windows(userId: string): Promise<EntitlementWindow[]> {
    return this.cache.read(userId, () => this.loadWindows(userId));
  }

  async at(userId: string, at: Date = this.clock.now()): Promise<Entitlements> {
    const live = (await this.windows(userId)).filter((window) => contains(window, at));
    const featureKeys = [...new Set(live.flatMap((window) => window.featureKeys))].sort();
    const contentTier = live.some((window) => window.contentTier === 'premium') ? 'premium' : live.length > 0 ? 'basic' : null;
    return { userId, at, featureKeys, contentTier, subscriptionIds: live.map((window) => window.subscriptionId) };
  }

  async hasFeature(userId: string, featureKey: string, at: Date = this.clock.now()): Promise<boolean> {
    return (await this.windows(userId)).some((window) => contains(window, at) && window.featureKeys.includes(featureKey));
  }

  async contentTier(userId: string, at: Date = this.clock.now()): Promise<ContentTier | null> {
    return (await this.at(userId, at)).contentTier;
  }

  /** Whether the user's content tier satisfies `required`: basic is met by basic or premium, premium only by premium. */
  async satisfiesContentTier(userId: string, required: ContentTier, at: Date = this.clock.now()): Promise<boolean> {
    return contentTiersReadableWith(await this.contentTier(userId, at)).includes(required);
  }

  /**
   * The periods during which the user held `featureKey`, merged where they touch or overlap,
   * oldest first (channel history visibility: first subscription, re-subscription backfill,
   * earlier entitled periods).
   */
  async featureIntervals(userId: string, featureKey: string): Promise<Interval[]> {
    const periods = (await this.windows(userId))
      .filter((window) => window.featureKeys.includes(featureKey))
      .map((window) => ({ from: new Date(window.from), to: new Date(window.to) }));
    return mergeIntervals(periods);
  }

  /**
   * featureIntervals of many users in one query, read from the database (a push fan-out's batch
   * of members; caching 100,000 users' windows would only evict the readers'). Users who never
   * held the feature map to [].
   */
  async featureIntervalsOfUsers(userIds: readonly string[], featureKey: string): Promise<Map<string, Interval[]>> {
    const byUser = new Map<string, Interval[]>(userIds.map((userId) => [userId, []]));
    if (userIds.length === 0) return byUser;
    const rows = await this.db.sequelize.query<{ userId: string; from: Date; to: Date }>(FEATURE_WINDOWS_OF_USERS_SQL, {
      replacements: { featureKey, userIds: textArrayLiteral(userIds) },
      type: QueryTypes.SELECT,
    });
    for (const row of rows) byUser.get(row.userId)?.push({ from: new Date(row.from), to: new Date(row.to) });
    for (const [userId, periods] of byUser) byUser.set(userId, mergeIntervals(periods));
    return byUser;
  }

  /** The users holding `featureKey` at `at` (push and email audiences), from the database. */
  async holdersOf(featureKey: string, at: Date = this.clock.now()): Promise<string[]> {
    const rows = await this.db.sequelize.query<{ userId: string }>(FEATURE_HOLDERS_SQL, {
      replacements: { featureKey, now: at },
      type: QueryTypes.SELECT,
    });
    return rows.map((row) => row.userId);
  }

  /**
   * Up to `limit` users holding, at `at`, a content tier that reads items requiring `required`
   * (null: every holder; contentTiersSatisfying), in user id order after `after` (null: from the
   * first), from the database: the audience of a newsletter send, page by page.
   */
  async contentTierHolders(required: ContentTier | null, after: string | null, limit: number, at: Date = this.clock.now()): Promise<ContentTierHolder[]> {
    return this.db.sequelize.query<ContentTierHolder>(CONTENT_TIER_HOLDERS_PAGE_SQL, {
      replacements: { now: at, heldTiers: textArrayLiteral(contentTiersSatisfying(required)), after: after ?? NIL_USER_ID, limit },
      type: QueryTypes.SELECT,
    });
  }

  /**
   * Call for every change of one user's subscriptions (grant, extend, revoke, trial, activation).
   * Besides the cache, the user's realtime rooms are decided again after commit, so a revoked
   * member leaves a gated channel's room at once (CONTRACT section 9). The cache version is bumped
   * before the recheck is published (after-commit hooks run in order), so an instance re-deciding
   * at once reads the new windows, not the cached old ones.
   */
  async invalidate(userId: string, tx?: Transaction): Promise<void> {
    await this.cache.invalidateUser(userId, tx);
    this.realtimeRecheck.user(userId, tx);
  }

  /** Call for every change of tiers, plans or features: what a window gives may have changed for anyone, so every room is decided again. */
  async invalidateCatalog(tx?: Transaction): Promise<void> {
    await this.cache.invalidateCatalog(tx);
    this.realtimeRecheck.all(tx);
  }

  private async loadWindows(userId: string): Promise<EntitlementWindow[]> {
    const rows = await this.db.sequelize.query<WindowRow>(ENTITLEMENT_WINDOWS_SQL, { replacements: { userId }, type: QueryTypes.SELECT });
    return rows.map((row) => ({
      subscriptionId: row.subscriptionId,
      moduleId: row.moduleId,
      planId: row.planId,
      from: new Date(row.from).toISOString(),
      to: new Date(row.to).toISOString(),
      featureKeys: [...row.featureKeys].sort(),
      contentTier: row.premium ? 'premium' : 'basic',
    }));
  }
}

function contains(window: EntitlementWindow, at: Date): boolean {
  const instant = at.getTime();
  return Date.parse(window.from) <= instant && instant < Date.parse(window.to);
}

/** Periods sorted by start and merged where they touch or overlap (back-to-back windows are one). */
function mergeIntervals(periods: Interval[]): Interval[] {
  const merged: Interval[] = [];
  for (const period of [...periods].sort((a, b) => a.from.getTime() - b.from.getTime())) {
    const last = merged[merged.length - 1];
    if (last && period.from <= last.to) {
      if (period.to > last.to) last.to = period.to;
    } else {
      merged.push({ ...period });
    }
  }
  return merged;
}
