import { CurrentUser, Get, JsonController, Param, QueryParams } from 'routing-controllers';
import { Service } from 'typedi';
import { ContentItemPageQueryDto, ContentLibraryService, CustomerActor } from '@platform/domain';
import { ApiDoc, ApiParameters, ApiResponse, CustomerRoute, WebAndMobile } from '@platform/http';
import { ALIAS, BAD_QUERY, FULL_FIELDS, ITEM_PAGE, ITEM_SLUG_DOC } from './content-reader-docs';
import { ITEM_SLUG_PARAM } from './content-routes';
import { ContentReadRateLimit } from './content-rate-limits';

/**
 * What a signed-in reader reads in full: one item and the library. The tier rule is
 * ContentAccessService's (the one access function), reached through ContentLibraryService.
 */
@Service()
@ContentReadRateLimit()
@JsonController()
export class ContentLibraryController {
  constructor(private readonly library: ContentLibraryService) {}

  @WebAndMobile(Get, `/api/content/items/${ITEM_SLUG_PARAM}/full`)
  @CustomerRoute()
  @ApiParameters(ITEM_SLUG_DOC)
  @ApiDoc(
    'A published item in full, for a reader entitled to its tier',
    'A free item for any signed-in customer; a basic item with a basic or premium entitlement active now, a premium item ' +
      'with a premium one (trials and admin grants count; revoked or expired ones do not). ' +
      `${FULL_FIELDS} Errors: 403 CONTENT_ACCESS_DENIED without the entitlement; 404 CONTENT_NOT_FOUND for an unknown slug ` +
      `and for a draft, scheduled or archived item; 401 UNAUTHORIZED without a valid token; 403 FORBIDDEN for an admin token. ${ALIAS}`,
  )
  full(@CurrentUser() reader: CustomerActor, @Param('slug') slug: string) {
    return this.library.full(reader, slug);
  }

  @WebAndMobile(Get, '/api/content/my-library')
  @CustomerRoute()
  @ApiDoc(
    "The published items the caller can read in full now, in full (paginated)",
    'Free items and those whose tier the caller\'s entitlement satisfies now (the rule of /full), each with its series. ' +
      `Query: ${ITEM_PAGE}. Data: full items with count, page, size. ${FULL_FIELDS} Errors: ${BAD_QUERY} 401 UNAUTHORIZED ` +
      `without a valid token; 403 FORBIDDEN for an admin token. ${ALIAS}`,
  )
  async myLibrary(@CurrentUser() reader: CustomerActor, @QueryParams() query: ContentItemPageQueryDto) {
    return ApiResponse.page(await this.library.library(reader, query));
  }
}
