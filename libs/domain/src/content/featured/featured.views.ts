import type { ContentFeaturedModel, ContentItemModel, ContentItemStatus } from '@platform/db';
import type { ItemPreviewView } from '../content.views';

/** The stored fields of an entry, as the repository reads them. */
export type FeaturedRow = Pick<
  ContentFeaturedModel,
  'id' | 'contentItemId' | 'startDate' | 'endDate' | 'displayOrder' | 'createdByAdminId' | 'createdAt' | 'updatedAt'
>;

/** What an admin sees of the featured item: enough to recognise it and to know whether readers see it. */
export interface FeaturedItemSummary {
  id: number;
  slug: string;
  title: string;
  status: ContentItemStatus;
}

export const toFeaturedItemSummary = (item: Pick<ContentItemModel, 'id' | 'slug' | 'title' | 'status'>): FeaturedItemSummary => ({
  id: item.id,
  slug: item.slug,
  title: item.title,
  status: item.status,
});

/*
 * Field names: camelCase as every response (CONTRACT section 5), except the window, which the spec
 * names `start_date` / `end_date` (CONTRACT section 5 lists them among the snake_case exceptions).
 */

/** An entry as admins see it (list, detail, every write's answer). */
export interface AdminFeaturedView {
  id: number;
  contentItemId: number;
  start_date: Date | null;
  end_date: Date | null;
  displayOrder: number;
  createdByAdminId: string;
  createdAt: Date;
  updatedAt: Date;
  item: FeaturedItemSummary;
}

export const toAdminFeaturedView = (entry: FeaturedRow, item: FeaturedItemSummary): AdminFeaturedView => ({
  id: entry.id,
  contentItemId: entry.contentItemId,
  start_date: entry.startDate,
  end_date: entry.endDate,
  displayOrder: entry.displayOrder,
  createdByAdminId: entry.createdByAdminId,
  createdAt: entry.createdAt,
  updatedAt: entry.updatedAt,
  item,
});

/** An entry as readers see it: its window and order, and the item's preview (no body for a tiered item). */
export interface PublicFeaturedView {
  id: number;
  contentItemId: number;
  start_date: Date | null;
  end_date: Date | null;
  displayOrder: number;
  item: ItemPreviewView;
}

export const toPublicFeaturedView = (entry: FeaturedRow, item: ItemPreviewView): PublicFeaturedView => ({
  id: entry.id,
  contentItemId: entry.contentItemId,
  start_date: entry.startDate,
  end_date: entry.endDate,
  displayOrder: entry.displayOrder,
  item,
});
