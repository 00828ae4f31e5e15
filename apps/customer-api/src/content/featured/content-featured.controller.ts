import { Get, JsonController, QueryParams } from 'routing-controllers';
import { Service } from 'typedi';
import { ContentFeaturedService, FeaturedListQueryDto } from '@platform/domain';
import { ApiDoc, ApiResponse, WebAndMobile } from '@platform/http';
import { ContentReadRateLimit } from '../content-rate-limits';

const ENTRY =
  'Each entry is { id, contentItemId, start_date, end_date (RFC 3339 instants or null: open on that side), displayOrder, ' +
  'item } where item is the item\'s preview: { id, slug, contentType, title, summary, tier (null: free | basic | premium), ' +
  'series { id, title, slug }, publishedAt, category, tags, body (the text for a free item; null for a tiered one, read ' +
  'through /full) }. Only entries of published items of active series are listed (an archived series and its items ' +
  'are left out of public lists).';

/**
 * community-content-uploads.md "Newsletter content": the featured lists, public, on the web and mobile
 * prefixes. `/api/content/items/featured` is never an item slug (RESERVED_ITEM_SLUGS), and the
 * item route's pattern excludes it, so registration order does not matter.
 */
@Service()
@ContentReadRateLimit()
@JsonController()
export class ContentFeaturedController {
  constructor(private readonly featured: ContentFeaturedService) {}

  @WebAndMobile(Get, '/api/content/items/featured')
  @ApiDoc(
    'Featured items now',
    'Public. The entries whose window holds now (start_date null or <= now, and end_date null or >= now), in display order ' +
      `(then id); not paginated. data is a list. ${ENTRY}`,
  )
  async active() {
    return ApiResponse.ok(await this.featured.active());
  }

  @WebAndMobile(Get, '/api/content/items/featured/all')
  @ApiDoc(
    'Every featured entry of a published item, whatever its window (paginated)',
    'Public. QueryDto: page (default 1), size (default 20, above 100 capped to 100), pagination, order (asc default | desc: ' +
      'flips display order and id), sort (displayOrder only), search (the item\'s title or slug). A bad parameter is 400 ' +
      `VALIDATION_ERROR. Paginated envelope { message, data, count, page, size }. ${ENTRY}`,
  )
  async all(@QueryParams() query: FeaturedListQueryDto) {
    return ApiResponse.page(await this.featured.all(query));
  }
}
