import { Get, JsonController, Param, QueryParams } from 'routing-controllers';
import { Service } from 'typedi';
import { ContentItemPageQueryDto, ContentReadersService, PublicContentItemQueryDto, PublicContentSeriesQueryDto } from '@platform/domain';
import { ApiDoc, ApiParameters, ApiResponse, WebAndMobile } from '@platform/http';
import { ALIAS, BAD_QUERY, ITEM_PAGE, ITEM_SLUG_DOC, PAGE, PREVIEW_FIELDS, SERIES_FIELDS, SERIES_SLUG_DOC } from './content-reader-docs';
import { ITEM_SLUG_PARAM } from './content-routes';
import { ContentReadRateLimit } from './content-rate-limits';

/**
 * Public newsletter reads (community-content-uploads.md "Newsletter content" endpoints): series and
 * items, on the web and the mobile prefix. Thin: the rules are ContentReadersService's.
 */
@Service()
@ContentReadRateLimit()
@JsonController()
export class ContentReadersController {
  constructor(private readonly readers: ContentReadersService) {}

  @WebAndMobile(Get, '/api/content/series')
  @ApiDoc(
    'Active series (public, paginated)',
    `Archived series are not listed. Query: ${PAGE}; sort createdAt (default) | updatedAt | title, ties by id; search: the ` +
      `title contains it (case-insensitive). Data: series with count, page, size. ${SERIES_FIELDS} ${BAD_QUERY} ${ALIAS}`,
  )
  async listSeries(@QueryParams() query: PublicContentSeriesQueryDto) {
    return ApiResponse.page(await this.readers.listSeries(query));
  }

  @WebAndMobile(Get, '/api/content/series/:slug')
  @ApiParameters(SERIES_SLUG_DOC)
  @ApiDoc(
    'An active series with a page of its published items (public)',
    `Data: the series and items, one page of its published items as previews, with itemsPage { count, page, size } (the ` +
      `paginated envelope's fields for that page). Query, for the items: ${ITEM_PAGE}. ${SERIES_FIELDS} ${PREVIEW_FIELDS} ` +
      `Errors: 404 CONTENT_SERIES_NOT_FOUND for an unknown or archived series (its items stay readable by their slugs); ${BAD_QUERY} ${ALIAS}`,
  )
  seriesBySlug(@Param('slug') slug: string, @QueryParams() query: ContentItemPageQueryDto) {
    return this.readers.seriesBySlug(slug, query);
  }

  @WebAndMobile(Get, '/api/content/items')
  @ApiDoc(
    'Published items as previews (public, paginated)',
    `Published items of active series (an archived series and its items are left out of public lists; its items stay ` +
      `readable by slug). Query: ${ITEM_PAGE}; filters: series (an active series' current or former slug), categoryId, ` +
      'tagId; a filter naming nothing gives an empty page. Data: previews with count, page, size. ' +
      `${PREVIEW_FIELDS} ${BAD_QUERY} ${ALIAS}`,
  )
  async listItems(@QueryParams() query: PublicContentItemQueryDto) {
    return ApiResponse.page(await this.readers.listItems(query));
  }

  @WebAndMobile(Get, `/api/content/items/${ITEM_SLUG_PARAM}`)
  @ApiParameters(ITEM_SLUG_DOC)
  @ApiDoc(
    "A published item's preview (public)",
    `${PREVIEW_FIELDS} Errors: 404 CONTENT_NOT_FOUND for an unknown slug and for a draft, scheduled or archived item. ${ALIAS}`,
  )
  preview(@Param('slug') slug: string) {
    return this.readers.preview(slug);
  }
}
