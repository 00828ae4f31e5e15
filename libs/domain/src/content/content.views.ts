import type { ContentCategoryModel, ContentItemModel, ContentItemStatus, ContentSeriesModel, ContentSeriesStatus, ContentTagModel } from '@platform/db';
import type { ContentTier } from '../subscriptions';

/** A category or a tag as items show them. */
export interface ContentLabelView {
  id: number;
  name: string;
  slug: string;
}

export const toLabelView = (label: ContentCategoryModel | ContentTagModel): ContentLabelView => ({ id: label.id, name: label.name, slug: label.slug });

/** A series, for admins and readers alike. `tier` is the series-level rule (null: none). */
export interface SeriesView {
  id: number;
  title: string;
  slug: string;
  description: string | null;
  status: ContentSeriesStatus;
  tier: ContentTier | null;
  createdAt: Date;
  updatedAt: Date;
}

export const toSeriesView = (series: ContentSeriesModel, tier: ContentTier | null): SeriesView => ({
  id: series.id,
  title: series.title,
  slug: series.slug,
  description: series.description,
  status: series.status,
  tier,
  createdAt: series.createdAt,
  updatedAt: series.updatedAt,
});

/** What a reader sees of an item's series. */
export interface SeriesRefView {
  id: number;
  title: string;
  slug: string;
}

/** An item's labels, tiers and series, loaded for a page of items at once (ContentItemDetailsService). */
export interface ItemDetails {
  series: SeriesRefView;
  /** The effective tier: the item's rule, else its series' rule, else null (free). */
  tier: ContentTier | null;
  /** The item's own rule (admins see which level decides). */
  itemTier: ContentTier | null;
  category: ContentLabelView | null;
  tags: ContentLabelView[];
}

/** An item as admins see it: every field, both tier levels, the labels by id. */
export interface AdminItemView {
  id: number;
  seriesId: number;
  contentType: 'newsletter';
  title: string;
  slug: string;
  summary: string | null;
  body: string;
  status: ContentItemStatus;
  tier: ContentTier | null;
  itemTier: ContentTier | null;
  scheduledAt: Date | null;
  publishedAt: Date | null;
  archivedAt: Date | null;
  categoryId: number | null;
  tagIds: number[];
  createdByAdminId: string;
  updatedByAdminId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const toAdminItemView = (item: ContentItemModel, details: ItemDetails): AdminItemView => ({
  id: item.id,
  seriesId: item.seriesId,
  contentType: item.contentType,
  title: item.title,
  slug: item.slug,
  summary: item.summary,
  body: item.body,
  status: item.status,
  tier: details.tier,
  itemTier: details.itemTier,
  scheduledAt: item.scheduledAt,
  publishedAt: item.publishedAt,
  archivedAt: item.archivedAt,
  categoryId: item.categoryId,
  tagIds: details.tags.map((tag) => tag.id),
  createdByAdminId: item.createdByAdminId,
  updatedByAdminId: item.updatedByAdminId,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
});

/**
 * A published item's preview (public lists and `GET /api/content/items/:slug`): title, summary,
 * tier, series, published date and labels; `body` only for a free item (a tiered item's body is
 * read through `/full`), null otherwise.
 */
export interface ItemPreviewView {
  id: number;
  slug: string;
  contentType: 'newsletter';
  title: string;
  summary: string | null;
  tier: ContentTier | null;
  series: SeriesRefView;
  publishedAt: Date;
  category: ContentLabelView | null;
  tags: ContentLabelView[];
  body: string | null;
}

export const toItemPreviewView = (item: ContentItemModel, details: ItemDetails): ItemPreviewView => ({
  id: item.id,
  slug: item.slug,
  contentType: item.contentType,
  title: item.title,
  summary: item.summary,
  tier: details.tier,
  series: details.series,
  publishedAt: item.publishedAt as Date,
  category: details.category,
  tags: details.tags,
  body: details.tier === null ? item.body : null,
});

/** A published item in full (`/full`, the library): the preview with its body. */
export type ItemFullView = Omit<ItemPreviewView, 'body'> & { body: string };

export const toItemFullView = (item: ContentItemModel, details: ItemDetails): ItemFullView => ({
  ...toItemPreviewView(item, details),
  body: item.body,
});
