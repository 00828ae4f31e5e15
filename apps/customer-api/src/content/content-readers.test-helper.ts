import { randomBytes } from 'node:crypto';
import { ContentItemModel, ContentSeriesModel, Database } from '@platform/db';
import { CONTENT_PUBLIC_VIEWS, EntitlementService, itemSlugs, seriesSlugs, uncachedViews } from '@platform/domain';
import { createSubscription, TestApp, TestSubscriptionCatalog } from '@platform/testing';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);
export const bearer = (token: string) => `Bearer ${token}`;
/** A word no other test's titles hold, so a full-text search isolates one test's rows in the shared database. */
export const uniqueWord = (prefix = 'w') => `${prefix}${randomBytes(5).toString('hex')}`;

/** Renames an item through the domain's slug history (the old slug keeps resolving), as the admin update does. */
export async function renameItem(api: TestApp, item: ContentItemModel, slug: string): Promise<void> {
  await api.app.container.get(Database).transaction(async (tx) => {
    await itemSlugs.rename(item, slug, tx);
    await item.save({ transaction: tx });
  });
}

export async function renameSeries(api: TestApp, series: ContentSeriesModel, slug: string): Promise<void> {
  await api.app.container.get(Database).transaction(async (tx) => {
    await seriesSlugs.rename(series, slug, tx);
    await series.save({ transaction: tx });
  });
}

/**
 * A subscription of `catalog`'s `tier` plan for `userId` over [from, to), written directly (trial,
 * admin grant or revoked); the user's cached entitlement windows are dropped, as the use cases do.
 */
export async function subscribe(
  api: TestApp,
  userId: string,
  catalog: TestSubscriptionCatalog,
  tier: 'basic' | 'premium',
  window: { status?: 'trial' | 'active' | 'revoked'; startsAt: Date; endsAt: Date; revokedAt?: Date },
): Promise<void> {
  await createSubscription(userId, { planId: catalog[tier].plan.id, moduleId: catalog.module.id }, window);
  await api.app.container.get(EntitlementService).invalidate(userId);
}

/**
 * Makes `api` answer the public content reads from the database on every request, for suites that
 * write rows straight to the database, past the use cases whose commits make cached views stale
 * (content-read-cache.e2e tests the cache). Call it before the app's first request.
 */
export function readContentUncached(api: TestApp): void {
  api.app.container.set(CONTENT_PUBLIC_VIEWS, uncachedViews());
}
