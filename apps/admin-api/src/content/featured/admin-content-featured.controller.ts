import { Body, CurrentUser, Delete, Get, HttpCode, JsonController, Param, Patch, Post, QueryParams } from 'routing-controllers';
import { Service } from 'typedi';
import {
  AdminActor,
  ContentFeaturedService,
  CreateFeaturedEntryDto,
  CreateFeaturedEntryUseCase,
  DeleteFeaturedEntryUseCase,
  FeaturedListQueryDto,
  ReorderFeaturedEntriesDto,
  ReorderFeaturedEntriesUseCase,
  UpdateFeaturedEntryDto,
  UpdateFeaturedEntryUseCase,
} from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';
import { ContentAdminRateLimit } from '../admin-content-rate-limit';

const ENTRY =
  'An entry is { id, contentItemId, start_date, end_date (RFC 3339 instants or null: open on that side; snake_case as the ' +
  'spec names them), displayOrder (non-negative integer; lists go by displayOrder, then id), createdByAdminId (the token\'s ' +
  'sub), createdAt, updatedAt, item: { id, slug, title, status (draft | scheduled | published | archived) } }. Readers ' +
  'only see entries of published items.';
const NOT_FOUND = 'An unknown id is 404 FEATURED_CONTENT_NOT_FOUND; an id that is not a positive integer is 400 VALIDATION_ERROR.';
const BODY =
  'Body (snake_case): content_item_id (an item of any status; unknown: 404 CONTENT_NOT_FOUND), start_date?, end_date? ' +
  '(an RFC 3339 date-time, e.g. 2030-01-31T09:00:00Z, or a date YYYY-MM-DD; a date is a day in Nepal (Asia/Kathmandu, ' +
  'UTC+05:45): start_date its first instant 00:00:00.000+05:45, end_date its last 23:59:59.999+05:45; null or absent: ' +
  'open), display_order? (integer 0-1000000). The window holds an instant t when start_date <= t <= end_date (both ends ' +
  'included). start_date after end_date is 400 FEATURED_CONTENT_INVALID_DATE_RANGE. A bad field (type, format, range) ' +
  'is 400 VALIDATION_ERROR with errors[] naming it; unknown keys are ignored. An item may be featured by several entries.';

/** community-content-uploads.md "Newsletter content" endpoints: featured entries (bodies CONTRACT §10). */
@Service()
@ContentAdminRateLimit()
@JsonController('/api/admin/content-featured')
export class AdminContentFeaturedController {
  constructor(
    private readonly featured: ContentFeaturedService,
    private readonly createEntry: CreateFeaturedEntryUseCase,
    private readonly updateEntry: UpdateFeaturedEntryUseCase,
    private readonly deleteEntry: DeleteFeaturedEntryUseCase,
    private readonly reorderEntries: ReorderFeaturedEntriesUseCase,
  ) {}

  @Get('')
  @RequirePermission('Content_READ')
  @ApiDoc(
    'List featured entries, by display order then id',
    'Every entry, whatever its item\'s status or its window. QueryDto: page (default 1), size (default 20, above 100 capped ' +
      'to 100), pagination (false: every entry on one page), order (asc default | desc: flips display order and id), ' +
      'sort (displayOrder only), search (the item\'s title or slug contains it, case-insensitive). A bad parameter is 400 ' +
      `VALIDATION_ERROR. Paginated envelope { message, data, count, page, size }; data is a list of entries. ${ENTRY}`,
  )
  async list(@QueryParams() query: FeaturedListQueryDto) {
    return ApiResponse.page(await this.featured.adminList(query));
  }

  @Post('')
  @HttpCode(201)
  @RequirePermission('Content_CREATE')
  @ApiDoc(
    'Feature an item',
    `${BODY} Without display_order the entry goes after the last one (the highest display_order plus one; 0 for the ` +
      `first). Answers 201 with the entry. ${ENTRY}`,
  )
  async create(@CurrentUser() admin: AdminActor, @Body() dto: CreateFeaturedEntryDto) {
    return ApiResponse.ok(await this.createEntry.execute(admin, dto), 'Featured entry created successfully');
  }

  // Before /:id routes only for readability: /:id takes digits alone, so "reorder" never reaches it.
  @Post('/reorder')
  @RequirePermission('Content_UPDATE')
  @ApiDoc(
    'Put every featured entry in a new order',
    'Body { ids: [...] }: every current entry exactly once, in the new order (at most 1000 ids); each entry gets its index ' +
      '(0, 1, ...) as display_order. A repeated id, an id that is not a current entry, or a current entry left out is 400 ' +
      'VALIDATION_ERROR (errors[] names ids) and changes nothing; so is a body without an ids array of positive integers. ' +
      'Reorders, creates and deletes of entries run one at a time, so the set checked is the set written. data is every ' +
      `entry in the new order. ${ENTRY}`,
  )
  async reorder(@Body() dto: ReorderFeaturedEntriesDto) {
    return ApiResponse.ok(await this.reorderEntries.execute(dto.ids), 'Featured entries reordered successfully');
  }

  @Get('/:id([1-9]\\d*)')
  @RequirePermission('Content_READ')
  @ApiDoc('Get a featured entry', `${NOT_FOUND} ${ENTRY}`)
  async get(@Param('id') id: number) {
    return ApiResponse.ok(await this.featured.detail(id));
  }

  @Patch('/:id([1-9]\\d*)')
  @RequirePermission('Content_UPDATE')
  @ApiDoc(
    'Update a featured entry',
    `${BODY} Every field optional, at least one (an empty body is 400 VALIDATION_ERROR); null clears start_date or ` +
      'end_date (content_item_id and display_order cannot be null). The window rule is checked on the stored values merged ' +
      'with the sent ones. display_order is set as sent; the other entries keep theirs. ' +
      `${NOT_FOUND} ${ENTRY}`,
  )
  async update(@Param('id') id: number, @Body() dto: UpdateFeaturedEntryDto) {
    return ApiResponse.ok(await this.updateEntry.execute(id, dto), 'Featured entry updated successfully');
  }

  @Delete('/:id([1-9]\\d*)')
  @RequirePermission('Content_DELETE')
  @ApiDoc(
    'Delete a featured entry',
    `The item stays; the other entries keep their display orders. data is { id }. ${NOT_FOUND}`,
  )
  async remove(@Param('id') id: number) {
    return ApiResponse.ok(await this.deleteEntry.execute(id), 'Featured entry deleted successfully');
  }
}
