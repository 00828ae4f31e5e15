import { Body, CurrentUser, Delete, Get, HttpCode, JsonController, Param, Patch, Post, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  AdminActor,
  AdminContentItemsService,
  ArchiveContentItemUseCase,
  CreateContentItemDto,
  CreateContentItemUseCase,
  DeleteContentItemUseCase,
  FetchContentItemsDto,
  PublishContentItemUseCase,
  SetContentTierDto,
  SetContentItemTierUseCase,
  UnpublishContentItemUseCase,
  UpdateContentItemDto,
  UpdateContentItemUseCase,
} from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';
import { ContentAdminRateLimit } from '../admin-content-rate-limit';

const ITEM =
  'data is an AdminItemView: id, seriesId, contentType (newsletter), title, slug, summary, body, status (draft | scheduled | ' +
  'published | archived), tier (the effective tier: the item\'s rule, else its series\', else null = free), itemTier (the ' +
  'item\'s own rule or null), scheduledAt, publishedAt (set exactly while published), archivedAt (set exactly while ' +
  'archived), categoryId, tagIds (ascending), createdByAdminId, updatedByAdminId, createdAt, updatedAt.';
const NOT_FOUND = 'An unknown id is 404 CONTENT_NOT_FOUND; an id that is not a positive integer is 400 VALIDATION_ERROR.';
const FIELDS =
  'title (trimmed, 1-200 characters, not only white space, no control characters), slug (lower-case words of letters and ' +
  'digits joined by single hyphens, at most 120; `featured` is reserved: 400 VALIDATION_ERROR naming slug), summary (at ' +
  'most 1000 characters), body (1-200,000 characters, not only white space), scheduledAt (RFC 3339 instant, or a date ' +
  'YYYY-MM-DD: the start of that day in Nepal, 00:00 UTC+05:45, as a featured start_date reads it), categoryId, tagIds ' +
  '(at most 50 distinct ids; a repeated id counts once). Characters are Unicode code points; summary and body take ' +
  'newlines (LF, CR) and tabs but no other control characters. A bad field is 400 VALIDATION_ERROR with errors[] naming ' +
  'it. An unknown seriesId is 404 CONTENT_SERIES_NOT_FOUND, an unknown categoryId 404 CONTENT_CATEGORY_NOT_FOUND, an ' +
  'unknown tag 404 TAG_NOT_FOUND (naming the first unknown id). A slug any item uses or used before (old slugs keep ' +
  'resolving to their item) is 409 CONFLICT.';
const NO_BODY = { requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' as const } } } } };

/**
 * Admin newsletter items (issue 24; community-content-uploads.md "Newsletter content" endpoints,
 * "Newsletter item"; CONTRACT section 10). Thin: the domain decides, under the item's row lock.
 */
@Service()
@ContentAdminRateLimit()
@JsonController('/api/admin/content-items')
export class AdminContentItemsController {
  constructor(
    private readonly items: AdminContentItemsService,
    private readonly createItem: CreateContentItemUseCase,
    private readonly updateItem: UpdateContentItemUseCase,
    private readonly deleteItem: DeleteContentItemUseCase,
    private readonly publishItem: PublishContentItemUseCase,
    private readonly unpublishItem: UnpublishContentItemUseCase,
    private readonly archiveItem: ArchiveContentItemUseCase,
    private readonly setTier: SetContentItemTierUseCase,
  ) {}

  @Get('')
  @RequirePermission('Content_READ')
  @ApiDoc(
    'List newsletter items of every status (FetchContentItemsDto)',
    'QueryDto: page, size (max 100), pagination, order (asc | desc; default desc), sort title | createdAt | updatedAt | ' +
      'publishedAt (default createdAt; title case-insensitive; publishedAt puts unpublished items last; ties by id), search ' +
      '(full text over title and summary, websearch syntax, or a part of the title or slug, case-insensitive). Filters: ' +
      'seriesId, status (draft | scheduled | published | archived), tier (basic | premium | free: the effective tier, the ' +
      'item\'s rule else its series\'), categoryId, tagId. A bad value is 400 VALIDATION_ERROR. Paginated envelope (count, ' +
      `page, size); each row is an AdminItemView. ${ITEM}`,
  )
  async list(@QueryParams() query: FetchContentItemsDto) {
    return ApiResponse.page(await this.items.list(query));
  }

  @Post('')
  @HttpCode(201)
  @RequirePermission('Content_CREATE')
  @ApiDoc(
    'Create a newsletter item (draft, or scheduled)',
    'Body CreateContentItemDto: seriesId, title, body, and optional slug, summary, scheduledAt, categoryId, tagIds (null ' +
      'counts as absent). The item is draft, or scheduled when scheduledAt lies in the future (the content.publish_due job ' +
      'publishes it then, every minute); a past scheduledAt is kept and the item is a draft. Without a slug one is made from ' +
      `the title (numbered when taken; a title making \`featured\` gets \`featured-newsletter\`). ${FIELDS} ${ITEM}`,
  )
  async create(@CurrentUser() admin: AdminActor, @Body() dto: CreateContentItemDto) {
    return ApiResponse.ok(await this.createItem.execute(admin, dto), 'Content item created successfully');
  }

  @Get('/:id([1-9]\\d*)')
  @RequirePermission('Content_READ')
  @ApiDoc('Get a newsletter item (any status)', `${NOT_FOUND} ${ITEM}`)
  async get(@Param('id') id: number) {
    return ApiResponse.ok(await this.items.get(id));
  }

  @Patch('/:id([1-9]\\d*)')
  @RequirePermission('Content_UPDATE')
  @ApiDoc(
    'Update a newsletter item',
    'Body UpdateContentItemDto: any create field, at least one (an empty body is 400 VALIDATION_ERROR); summary, ' +
      'scheduledAt and categoryId may be null to clear them; tagIds replaces the item\'s tags. A new slug keeps the old one ' +
      'resolving to this item (and held: no other item can take it). scheduledAt moves a draft or scheduled item: a future ' +
      'one makes it scheduled, null or a past one a draft. A published or archived item\'s scheduledAt cannot change: 400 ' +
      `CONTENT_STATUS_INVALID (unpublish first). Other fields change in any status. ${FIELDS} ${NOT_FOUND} ${ITEM}`,
  )
  async update(@CurrentUser() admin: AdminActor, @Param('id') id: number, @Body() dto: UpdateContentItemDto) {
    return ApiResponse.ok(await this.updateItem.execute(admin, id, dto), 'Content item updated successfully');
  }

  @Delete('/:id([1-9]\\d*)')
  @RequirePermission('Content_DELETE')
  @ApiDoc(
    'Delete a newsletter item',
    'Any status. Its tags, tier rule, featured entries and former slugs go with it; its slugs become free. data is { id }. ' +
      NOT_FOUND,
  )
  async remove(@Param('id') id: number) {
    return ApiResponse.ok(await this.deleteItem.execute(id), 'Content item deleted successfully');
  }

  @Post('/:id([1-9]\\d*)/publish')
  @RequirePermission('Content_UPDATE')
  @ApiDoc(
    'Publish a newsletter item now',
    'No body. A draft or scheduled item becomes published, publishedAt = now. An item whose scheduledAt lies in the future ' +
      'is 400 CONTENT_STATUS_INVALID (the scheduler publishes it then; clear or move scheduledAt to publish now); an archived ' +
      `item is 400 CONTENT_ARCHIVED_NOT_PUBLISHABLE; a published item is answered unchanged (200). ${NOT_FOUND} ${ITEM}`,
  )
  @OpenAPI(NO_BODY)
  async publish(@CurrentUser() admin: AdminActor, @Param('id') id: number) {
    return ApiResponse.ok(await this.publishItem.execute(admin, id), 'Content item published');
  }

  @Post('/:id([1-9]\\d*)/unpublish')
  @RequirePermission('Content_UPDATE')
  @ApiDoc(
    'Unpublish a newsletter item (back to draft)',
    'No body. A published or scheduled item becomes a draft: publishedAt and scheduledAt cleared (it leaves the schedule; ' +
      'PATCH scheduledAt schedules it again). A draft is answered unchanged (200); an archived item is 400 ' +
      `CONTENT_STATUS_INVALID. ${NOT_FOUND} ${ITEM}`,
  )
  @OpenAPI(NO_BODY)
  async unpublish(@CurrentUser() admin: AdminActor, @Param('id') id: number) {
    return ApiResponse.ok(await this.unpublishItem.execute(admin, id), 'Content item unpublished');
  }

  @Post('/:id([1-9]\\d*)/archive')
  @RequirePermission('Content_UPDATE')
  @ApiDoc(
    'Archive a newsletter item',
    'No body. Any item becomes archived: archivedAt = now, publishedAt cleared; readers get 404 and it cannot be published ' +
      `again (400 CONTENT_ARCHIVED_NOT_PUBLISHABLE). An archived item is answered unchanged (200). ${NOT_FOUND} ${ITEM}`,
  )
  @OpenAPI(NO_BODY)
  async archive(@CurrentUser() admin: AdminActor, @Param('id') id: number) {
    return ApiResponse.ok(await this.archiveItem.execute(admin, id), 'Content item archived');
  }

  @Post('/:id([1-9]\\d*)/tier')
  @RequirePermission('Content_UPDATE')
  @ApiDoc(
    'Set or remove a newsletter item\'s own tier',
    'Body SetContentTierDto { tier: basic | premium | null } (the key is required). basic or premium sets the item\'s ' +
      'rule, which wins over its series\' rule; null removes it, so the item follows its series\' rule again (or is free). ' +
      'basic is readable with a basic or premium entitlement, premium with premium. Anything else is 400 VALIDATION_ERROR. ' +
      `${NOT_FOUND} ${ITEM}`,
  )
  async tier(@CurrentUser() admin: AdminActor, @Param('id') id: number, @Body() dto: SetContentTierDto) {
    return ApiResponse.ok(await this.setTier.execute(admin, id, dto), 'Content item tier updated');
  }
}
