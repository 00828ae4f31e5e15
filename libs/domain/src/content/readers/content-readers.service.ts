import { Service } from 'typedi';
import type { ContentItemModel, ContentSeriesModel } from '@platform/db';
import { Page, SLUG_MAX_LENGTH, SLUG_PATTERN, toPage } from '../../shared';
import { ContentTiersService } from '../access/content-tiers.service';
import { ContentItemDetailsService } from '../content-item-details.service';
import { ContentPublicViews } from '../content-public-views.service';
import { ContentNotFound, ContentSeriesNotFound } from '../content.errors';
import { itemSlugs, seriesSlugs } from '../content-slugs';
import { ItemDetails, ItemPreviewView, SeriesView, toItemPreviewView, toSeriesView } from '../content.views';
import { ContentReadersRepository, PublishedItemFilter } from './content-readers.repository';
import type { PublicSeriesDetailView } from './content-readers.views';
import type { ContentItemPageQueryDto, PublicContentItemQueryDto, PublicContentSeriesQueryDto } from './dto/public-content-query.dto';

/** Text that could be a slug: anything else names nothing and never reaches SQL. */
export const isSlug = (text: string): boolean => text.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(text);

/**
 * The public newsletter reads (community-content-uploads.md "Newsletter content" endpoints; CONTRACT
 * section 10): active series, a series with its published items, published items and one item's
 * preview. Draft, scheduled and archived items are never seen here; an archived series is hidden
 * from the series routes and public lists while its published items stay readable by slug.
 * The four reads are cached for everyone (ContentPublicViews); a 404 is not cached.
 */
@Service()
export class ContentReadersService {
  constructor(
    private readonly repository: ContentReadersRepository,
    private readonly details: ContentItemDetailsService,
    private readonly tiers: ContentTiersService,
    private readonly cache: ContentPublicViews,
  ) {}

  listSeries(query: PublicContentSeriesQueryDto): Promise<Page<SeriesView>> {
    return this.cache.read('series-list', query, () => this.loadSeriesList(query));
  }

  /** An active series by its current or a former slug, with a page of its published items. */
  seriesBySlug(slug: string, query: ContentItemPageQueryDto): Promise<PublicSeriesDetailView> {
    return this.cache.read('series', { ...query, slug }, () => this.loadSeries(slug, query));
  }

  /**
   * Published items of active series (an archived series is hidden from public lists, its items
   * with it; they stay readable by slug, CONTRACT section 10); `series` names an active series by
   * its current or a former slug.
   */
  listItems(query: PublicContentItemQueryDto): Promise<Page<ItemPreviewView>> {
    return this.cache.read('item-list', query, () => this.loadItemList(query));
  }

  /** A published item's preview by its current or a former slug (the body only when the item is free). */
  preview(slug: string): Promise<ItemPreviewView> {
    return this.cache.read('preview', { slug }, () => this.loadPreview(slug));
  }

  private async loadSeriesList(query: PublicContentSeriesQueryDto): Promise<Page<SeriesView>> {
    const { rows, count } = await this.repository.activeSeriesPage(query);
    const tiers = await this.tiers.ofSeries(rows.map((series) => series.id));
    return toPage(
      rows.map((series) => toSeriesView(series, tiers.get(series.id) ?? null)),
      count,
      query,
    );
  }

  private async loadSeries(slug: string, query: ContentItemPageQueryDto): Promise<PublicSeriesDetailView> {
    const series = await this.activeSeries(slug);
    const [tiers, items] = await Promise.all([this.tiers.ofSeries([series.id]), this.previews({ seriesId: series.id }, query)]);
    return {
      ...toSeriesView(series, tiers.get(series.id) ?? null),
      items: items.rows,
      itemsPage: { count: items.count, page: items.page, size: items.size },
    };
  }

  private async loadItemList(query: PublicContentItemQueryDto): Promise<Page<ItemPreviewView>> {
    let seriesId: number | undefined;
    if (query.series !== undefined) {
      const series = isSlug(query.series) ? await seriesSlugs.resolve(query.series, { status: 'active' }) : undefined;
      // A filter naming no series matches nothing: an empty page, not a 404.
      if (!series) return toPage([], 0, query);
      seriesId = series.id;
    }
    return this.previews({ seriesId, categoryId: query.categoryId, tagId: query.tagId, activeSeriesOnly: true }, query);
  }

  private async loadPreview(slug: string): Promise<ItemPreviewView> {
    const item = await this.publishedItem(slug);
    return toItemPreviewView(item, await this.details.ofOne(item));
  }

  /** A published item by its current or a former slug, whatever its series' status; else 404 CONTENT_NOT_FOUND. */
  async publishedItem(slug: string): Promise<ContentItemModel> {
    const item = isSlug(slug) ? await itemSlugs.resolve(slug, { status: 'published' }) : undefined;
    if (!item) throw ContentNotFound();
    return item;
  }

  private async activeSeries(slug: string): Promise<ContentSeriesModel> {
    const series = isSlug(slug) ? await seriesSlugs.resolve(slug, { status: 'active' }) : undefined;
    if (!series) throw ContentSeriesNotFound();
    return series;
  }

  private async previews(filter: PublishedItemFilter, query: ContentItemPageQueryDto): Promise<Page<ItemPreviewView>> {
    const { rows, count } = await this.repository.publishedPage(filter, query);
    return toPage(await this.views(rows, toItemPreviewView), count, query);
  }

  /** A page of items as `toView` shows them, their details loaded at once (ContentItemDetailsService). */
  async views<View>(items: ContentItemModel[], toView: (item: ContentItemModel, details: ItemDetails) => View): Promise<View[]> {
    const details = await this.details.of(items);
    return items.map((item) => {
      const found = details.get(item.id);
      if (!found) throw new Error(`no details for content item ${item.id}`);
      return toView(item, found);
    });
  }
}
