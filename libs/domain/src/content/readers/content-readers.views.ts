import type { ItemPreviewView, SeriesView } from '../content.views';

/** Where a page embedded in a detail sits in its list: the paginated envelope's fields. */
export interface EmbeddedPageView {
  count: number;
  page: number;
  size: number;
}

/**
 * GET /api/content/series/:slug: the series, and one page of its published items as previews
 * (newest first by default; the route's page query picks the page), with where that page sits.
 */
export type PublicSeriesDetailView = SeriesView & {
  items: ItemPreviewView[];
  itemsPage: EmbeddedPageView;
};
