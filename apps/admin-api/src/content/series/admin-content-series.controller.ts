import { Body, CurrentUser, Delete, Get, HttpCode, JsonController, Param, Patch, Post, QueryParams } from 'routing-controllers';
import { Service } from 'typedi';
import {
  AdminActor,
  AdminContentSeriesService,
  ContentSeriesQueryDto,
  CreateContentSeriesDto,
  CreateContentSeriesUseCase,
  DeleteContentSeriesUseCase,
  SetContentTierDto,
  SetContentSeriesTierUseCase,
  UpdateContentSeriesDto,
  UpdateContentSeriesUseCase,
} from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';
import { ContentAdminRateLimit } from '../admin-content-rate-limit';

const SERIES_VIEW =
  'data is a SeriesView: id, title, slug, description (or null), status (active | archived), tier (basic | premium: the ' +
  'series-level tier rule, or null for none; an item rule still wins for that item), createdAt, updatedAt.';
const ID_RULE =
  'An unknown id is 404 CONTENT_SERIES_NOT_FOUND; an id that is not a positive integer (not digits, 0, a leading zero) is ' +
  '400 VALIDATION_ERROR.';
const UNKNOWN_ID =
  `${ID_RULE} Body problems (a missing or ill-typed field, a bad enum, a length over its bound) are 400 ` +
  'VALIDATION_ERROR with errors[]; unknown keys are ignored.';
const SLUG_RULE =
  'slug: lower-case letters and digits in hyphen-separated words, at most 120 characters. A slug another series holds now ' +
  'or held before (former slugs keep resolving to their series) is 409 CONFLICT.';

/** Newsletter series for admins (community-content-uploads.md "Newsletter content" endpoints; CONTRACT section 10). */
@Service()
@ContentAdminRateLimit()
@JsonController('/api/admin/content-series')
export class AdminContentSeriesController {
  constructor(
    private readonly series: AdminContentSeriesService,
    private readonly createSeries: CreateContentSeriesUseCase,
    private readonly updateSeries: UpdateContentSeriesUseCase,
    private readonly deleteSeries: DeleteContentSeriesUseCase,
    private readonly setTier: SetContentSeriesTierUseCase,
  ) {}

  @Get('')
  @RequirePermission('ContentSeries_READ')
  @ApiDoc(
    'List newsletter series (ContentSeriesQueryDto)',
    'QueryDto: page, size (max 100; larger is capped), pagination (false: every row), order (asc | desc; default desc), ' +
      'search (case-insensitive substring of the title or the current slug), sort title | createdAt | updatedAt (default ' +
      'createdAt; ties by id); filter status (active | archived; default every status). Any other sort or status is 400 ' +
      'VALIDATION_ERROR. data is a list of SeriesView (id, title, slug, description, status, tier, createdAt, updatedAt), ' +
      'with count, page and size.',
  )
  async list(@QueryParams() query: ContentSeriesQueryDto) {
    return ApiResponse.page(await this.series.list(query));
  }

  @Post('')
  @HttpCode(201)
  @RequirePermission('ContentSeries_CREATE')
  @ApiDoc(
    'Create a newsletter series',
    'Body CreateContentSeriesDto: title (trimmed, 1-200 characters, no control characters), slug?, description? (at most ' +
      '5000 characters), status? (active, the default: listed publicly; or archived: hidden from public lists, its published ' +
      'items stay readable by slug). Without a slug one is made from the title, with a numeric suffix (-2, -3...) when ' +
      `taken. ${SLUG_RULE} The series starts without a tier rule (free). ${UNKNOWN_ID} ${SERIES_VIEW}`,
  )
  async create(@CurrentUser() admin: AdminActor, @Body() dto: CreateContentSeriesDto) {
    return ApiResponse.ok(await this.createSeries.execute(admin, dto), 'Series created successfully');
  }

  @Get('/:id([1-9]\\d*)')
  @RequirePermission('ContentSeries_READ')
  @ApiDoc('Get a newsletter series', `${UNKNOWN_ID} ${SERIES_VIEW}`)
  async get(@Param('id') id: number) {
    return ApiResponse.ok(await this.series.get(id));
  }

  @Patch('/:id([1-9]\\d*)')
  @RequirePermission('ContentSeries_UPDATE')
  @ApiDoc(
    'Update a newsletter series',
    'Body UpdateContentSeriesDto: any of title, slug, description (null clears it), status (active | archived); an empty ' +
      'body (or one with only unknown keys) is 400 VALIDATION_ERROR. A new slug keeps the old one resolving to this series ' +
      `and held by it; returning to one of its own former slugs is allowed. ${SLUG_RULE} ${UNKNOWN_ID} ${SERIES_VIEW}`,
  )
  async update(@Param('id') id: number, @Body() dto: UpdateContentSeriesDto) {
    return ApiResponse.ok(await this.updateSeries.execute(id, dto), 'Series updated successfully');
  }

  @Delete('/:id([1-9]\\d*)')
  @RequirePermission('ContentSeries_DELETE')
  @ApiDoc(
    'Delete a newsletter series with its unpublished items',
    'A series with a published item is kept: 409 CONFLICT (unpublish or archive its items first). Otherwise the series is ' +
      'deleted with its draft, scheduled and archived items (their tags, tier rules, slug history and featured entries go ' +
      'with them), and its slugs become free again. An item published while the delete runs makes it 409 as well: never a ' +
      `series deleted under a published item. data: { id, deletedItemCount }. ${ID_RULE}`,
  )
  async remove(@Param('id') id: number) {
    return ApiResponse.ok(await this.deleteSeries.execute(id), 'Series deleted successfully');
  }

  @Post('/:id([1-9]\\d*)/tier')
  @RequirePermission('ContentSeries_UPDATE')
  @ApiDoc(
    'Set or remove the series tier',
    'Body SetContentTierDto: { tier: basic | premium | null } (tier is required). basic or premium sets the series-level ' +
      'rule: its items need that tier to be read in full, except items with their own rule (the item rule wins); null removes ' +
      'the rule (the series is free again). Any other value, or no tier key, is 400 VALIDATION_ERROR. ' +
      `${ID_RULE} ${SERIES_VIEW}`,
  )
  async tier(@CurrentUser() admin: AdminActor, @Param('id') id: number, @Body() dto: SetContentTierDto) {
    return ApiResponse.ok(await this.setTier.execute(admin, id, dto), 'Series tier updated successfully');
  }
}
