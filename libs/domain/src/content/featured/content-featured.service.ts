import { Service } from 'typedi';
import { ContentFeaturedModel, ContentItemModel, Transaction } from '@platform/db';
import { Clock, isRowId, Page, toPage } from '../../shared';
import { ContentItemDetailsService } from '../content-item-details.service';
import { ContentPublicViews } from '../content-public-views.service';
import { FeaturedContentNotFound } from '../content.errors';
import { toItemPreviewView } from '../content.views';
import { ContentFeaturedRepository } from './content-featured.repository';
import type { FeaturedListQueryDto } from './dto/featured-entry.dto';
import { AdminFeaturedView, FeaturedRow, PublicFeaturedView, toAdminFeaturedView, toFeaturedItemSummary, toPublicFeaturedView } from './featured.views';

/**
 * The featured entries that hold now, cached with the span of the app Clock's time over which they
 * are the answer: from when they were read to the next window start or end (`validUntil`). A view
 * is served only inside its span, so a window opening or closing shows on the next read, writes or
 * not (the cache's TTL alone would serve a closed window for up to a minute).
 */
interface ActiveFeaturedView {
  entries: PublicFeaturedView[];
  readAt: number;
  validUntil: number | null;
}

/**
 * Reads of featured entries: the admin list and detail, and the two public lists (cached for
 * everyone: ContentPublicViews, each write makes them stale).
 */
@Service()
export class ContentFeaturedService {
  constructor(
    private readonly featured: ContentFeaturedRepository,
    private readonly details: ContentItemDetailsService,
    private readonly clock: Clock,
    private readonly cache: ContentPublicViews,
  ) {}

  /** An entry, or 404 FEATURED_CONTENT_NOT_FOUND (ids outside the integer range name none). */
  async require(id: number, tx?: Transaction): Promise<ContentFeaturedModel> {
    const entry = isRowId(id) ? await this.featured.find(id, tx) : null;
    if (!entry) throw FeaturedContentNotFound();
    return entry;
  }

  async detail(id: number): Promise<AdminFeaturedView> {
    return (await this.adminViews([await this.require(id)]))[0];
  }

  async adminList(query: FeaturedListQueryDto): Promise<Page<AdminFeaturedView>> {
    const { rows, count } = await this.featured.adminPage(query);
    return toPage(await this.adminViews(rows), count, query);
  }

  /** Every entry in display order (a reorder's answer). */
  async adminAll(tx: Transaction): Promise<AdminFeaturedView[]> {
    return this.adminViews(await this.featured.all(tx), tx);
  }

  /** Entries with their item's summary, in the order given (one query for the items). */
  async adminViews(entries: readonly FeaturedRow[], tx?: Transaction): Promise<AdminFeaturedView[]> {
    const items = await this.itemsOf(entries, ['id', 'slug', 'title', 'status'], tx);
    return entries.flatMap((entry) => {
      const item = items.get(entry.contentItemId);
      return item ? [toAdminFeaturedView(entry, toFeaturedItemSummary(item))] : [];
    });
  }

  /** `GET /api/content/items/featured`: entries whose window holds now by the app Clock, of published items, in display order. */
  async active(): Promise<PublicFeaturedView[]> {
    const now = this.clock.now().getTime();
    const inSpan = (view: ActiveFeaturedView) => view.readAt <= now && (view.validUntil === null || now < view.validUntil);
    const view = await this.cache.read('featured-active', {}, () => this.loadActive(new Date(now)), { accept: inSpan });
    return view.entries;
  }

  /** `GET /api/content/items/featured/all`: every entry of a published item, whatever its window. */
  all(query: FeaturedListQueryDto): Promise<Page<PublicFeaturedView>> {
    return this.cache.read('featured-all', query, async () => {
      const { rows, count } = await this.featured.publishedPage(query);
      return toPage(await this.publicViews(rows), count, query);
    });
  }

  private async loadActive(now: Date): Promise<ActiveFeaturedView> {
    const validUntil = await this.featured.nextWindowChangeAfter(now);
    const entries = await this.publicViews(await this.featured.activeAt(now));
    return { entries, readAt: now.getTime(), validUntil: validUntil?.getTime() ?? null };
  }

  /** Entries with their item's preview (series, tier and labels through ContentItemDetailsService). */
  private async publicViews(entries: readonly FeaturedRow[]): Promise<PublicFeaturedView[]> {
    const items = await this.itemsOf(entries);
    const details = await this.details.of([...items.values()]);
    return entries.flatMap((entry) => {
      const item = items.get(entry.contentItemId);
      const itemDetails = item && details.get(item.id);
      // An item unpublished between the two reads is left out rather than shown without a publishedAt.
      return item && itemDetails && item.status === 'published' ? [toPublicFeaturedView(entry, toItemPreviewView(item, itemDetails))] : [];
    });
  }

  private async itemsOf(entries: readonly FeaturedRow[], attributes?: string[], tx?: Transaction): Promise<Map<number, ContentItemModel>> {
    if (entries.length === 0) return new Map();
    const ids = [...new Set(entries.map((entry) => entry.contentItemId))];
    const items = await ContentItemModel.findAll({ where: { id: ids }, attributes, transaction: tx });
    return new Map(items.map((item) => [item.id, item]));
  }
}
