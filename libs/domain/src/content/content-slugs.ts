import { ContentItemModel, ContentItemSlugHistoryModel, ContentSeriesModel, ContentSeriesSlugHistoryModel, Transaction } from '@platform/db';
import { SlugHistory, slugify } from '../shared';
import { ContentSlugTaken } from './content.errors';

/** Series slugs with history: an old slug keeps resolving to its series and is never reused. */
export const seriesSlugs = new SlugHistory<ContentSeriesModel>({
  owners: ContentSeriesModel,
  history: ContentSeriesSlugHistoryModel,
  ownerKey: 'seriesId',
  constraints: ['content_series_slug_key', 'content_series_slug_history_pkey'],
  fallbackPrefix: 'series',
  taken: ContentSlugTaken,
});

/** Item slugs with history. `featured` is never an item's slug: /api/content/items/featured is a route. */
export const itemSlugs = new SlugHistory<ContentItemModel>({
  owners: ContentItemModel,
  history: ContentItemSlugHistoryModel,
  ownerKey: 'itemId',
  constraints: ['content_items_slug_key', 'content_item_slug_history_pkey'],
  fallbackPrefix: 'newsletter',
  taken: ContentSlugTaken,
});

/** Slugs an item may not take: they are routes under /api/content/items/. */
export const RESERVED_ITEM_SLUGS: ReadonlySet<string> = new Set(['featured']);

/**
 * A new item's slug: the one asked for (its shape and RESERVED_ITEM_SLUGS are checked by the DTO),
 * or one made from the title; a title that would make a reserved slug (`Featured`) gets
 * `featured-newsletter` instead, so the route /api/content/items/featured is never shadowed.
 */
export function chooseItemSlug(requested: string | undefined, title: string, tx: Transaction): Promise<string> {
  if (requested) return itemSlugs.choose(requested, title, tx);
  const reserved = RESERVED_ITEM_SLUGS.has(slugify(title, 'newsletter'));
  return itemSlugs.choose(undefined, reserved ? `${title} newsletter` : title, tx);
}
