import { Body, CurrentUser, Delete, Get, HeaderParam, HttpCode, JsonController, Param, Patch, Post, QueryParam } from 'routing-controllers';
import { Service } from 'typedi';
import {
  AdminActor,
  ChannelPostsService,
  CreateChannelPostDto,
  CreateChannelPostUseCase,
  DeleteChannelPostUseCase,
  IdCursorQuery,
  PinChannelPostDto,
  PinChannelPostUseCase,
  UpdateChannelPostDto,
  UpdateChannelPostUseCase,
} from '@platform/domain';
import { ApiBody, ApiDoc, ApiParameters, ApiResponse, CursorQuery, idempotencyKeyParameter, RequirePermission } from '@platform/http';

const POST_FIELDS =
  'data is a post: id, channelId, publishedAt, createdByAdminId, type (TEXT|LINK|CHART|IMAGE|FILE), bodyText, linkUrl, chartPayloadJson, ' +
  'isPinned, pinnedAt, isDeleted, deletedAt, deletedByAdminId, attachments [{ id, storageKey, fileName, mimeType, sizeBytes, displayOrder }], ' +
  'createdAt, updatedAt.';
const NOT_FOUND =
  '404 CHANNEL_NOT_FOUND for an unknown channel; 404 CHANNEL_POST_NOT_FOUND for an unknown post or one of another channel; ' +
  'an id that is not a positive integer (0 or a leading zero included) is 400 VALIDATION_ERROR.';
const TYPE_RULES =
  'Type rules: TEXT needs body_text and takes nothing else; LINK needs link_url (http or https, at most 2048 characters) and may ' +
  'have body_text; CHART needs chart_payload_json (a JSON object, at most 256 KiB) and may have body_text; IMAGE and FILE need at ' +
  'least one attachment and may have body_text. body_text is a non-empty string (at most 20000 characters) or null. A field the ' +
  'type does not take, or a missing one, is 422 UNPROCESSABLE with errors[] naming it.';
const ATTACHMENTS =
  'attachments: at most 20 of { storage_key (the relativePath the admin upload API returned for uploadType image or file: ' +
  'uploads/image/... or uploads/file/..., normalized; any other key, or one a customer uploaded, is 422 UNPROCESSABLE naming ' +
  'attachments.N.storage_key), file_name?, mime_type?, size_bytes? }; a key with nothing stored is 422 CHANNEL_ATTACHMENT_NOT_FOUND ' +
  'naming attachments.N.storage_key; file_name defaults to the key\'s last segment, mime_type to the type its extension names ' +
  '(application/octet-stream when unknown), size_bytes to the stored size (a given size_bytes that differs is 422 naming ' +
  'attachments.N.size_bytes).';
const SOFT_DELETED = 'A post of a soft-deleted channel is 422 CHANNEL_SOFT_DELETED (restore the channel first).';
const IDEMPOTENCY_KEY = idempotencyKeyParameter({
  required: true,
  description:
    'Required, 1-255 visible characters, one per new post (a UUID); missing or malformed: 400 VALIDATION_ERROR. The same key with ' +
    'the same request (same channel) answers the first post again with 201 and creates nothing; with another request: 409 ' +
    'CHANNEL_IDEMPOTENCY_MISMATCH; while the first still runs: 409 CONFLICT. A refused request (404, 422) frees its key.',
});
const INCLUDE_DELETED = {
  in: 'query',
  name: 'include_deleted',
  required: false,
  description: 'true lists tombstones (isDeleted) too; default false; anything but true or false is 422 UNPROCESSABLE.',
  schema: { type: 'string', enum: ['true', 'false'], default: 'false' },
};

/** A channel's posts, for admins (community-content-uploads.md "Channels, admin"; single-post routes: issue 21). */
@Service()
@JsonController('/api/admin/channels/:id([1-9]\\d*)/posts')
export class AdminChannelPostsController {
  constructor(
    private readonly posts: ChannelPostsService,
    private readonly createPost: CreateChannelPostUseCase,
    private readonly updatePost: UpdateChannelPostUseCase,
    private readonly deletePost: DeleteChannelPostUseCase,
    private readonly pinPost: PinChannelPostUseCase,
  ) {}

  @Post()
  @HttpCode(201)
  @RequirePermission('Communications_CREATE')
  @ApiDoc(
    'Publish a post to an active channel',
    'Body (snake_case) { type, body_text?, link_url?, chart_payload_json?, attachments?, published_at? (RFC 3339, default now; ' +
      `metadata, not the order), is_pinned? (default false) }; unknown keys, bad types or enums are 422 UNPROCESSABLE. ${TYPE_RULES} ` +
      `${ATTACHMENTS} An archived or soft-deleted channel is 422 CHANNEL_NOT_ACTIVE. 404 CHANNEL_NOT_FOUND. Sends post.created ` +
      `to the channel's room and queues the members' push. ${POST_FIELDS}`,
  )
  @ApiBody(CreateChannelPostDto)
  @ApiParameters(IDEMPOTENCY_KEY)
  async create(
    @CurrentUser() admin: AdminActor,
    @Param('id') id: number,
    @HeaderParam('Idempotency-Key', { type: String }) idempotencyKey: string | undefined,
    @Body({ validate: false, required: false }) body: unknown,
  ) {
    return ApiResponse.ok(await this.createPost.execute(admin, id, body, idempotencyKey), 'Post created successfully');
  }

  @Get()
  @RequirePermission('Communications_READ')
  @ApiDoc(
    'A channel\'s posts, a cursor page by id',
    'after_id (ids above it, ascending) or before_id (ids below it, descending), not both (422); neither: the newest, descending. ' +
      'Ordered by post id, never by publishedAt. data is { items, cursor, limit, has_more, count }: cursor holds next_after_id ' +
      '(the newest id of the page) and next_before_id (the oldest), as strings, and is {} when has_more is false. Malformed ' +
      `after_id, before_id, limit (1-100, default 20) or include_deleted: 422 UNPROCESSABLE. 404 CHANNEL_NOT_FOUND. Items: ${POST_FIELDS}`,
  )
  @ApiParameters(INCLUDE_DELETED)
  async list(
    @Param('id') id: number,
    @CursorQuery({ by: 'id' }) page: IdCursorQuery,
    @QueryParam('include_deleted', { required: false }) includeDeleted?: string,
  ) {
    return ApiResponse.ok(await this.posts.list(id, page, includeDeleted));
  }

  @Get('/:postId([1-9]\\d*)')
  @RequirePermission('Communications_READ')
  @ApiDoc('One post of a channel, a deleted one included', `${NOT_FOUND} ${POST_FIELDS}`)
  async detail(@Param('id') id: number, @Param('postId') postId: string) {
    return ApiResponse.ok(await this.posts.detail(id, postId));
  }

  @Patch('/:postId([1-9]\\d*)')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Edit a post\'s content within its type',
    'Body (snake_case, at least one field) { body_text?, link_url?, chart_payload_json?, attachments? }: null clears a field, ' +
      'attachments replaces the whole list; the type never changes (type, published_at or is_pinned: 422 UNPROCESSABLE). The result ' +
      `must still fit the post's type. ${TYPE_RULES} ${ATTACHMENTS} A deleted post is 422 CHANNEL_POST_DELETED. ${SOFT_DELETED} ` +
      `${NOT_FOUND} Sends post.updated. ${POST_FIELDS}`,
  )
  @ApiBody(UpdateChannelPostDto)
  async update(@Param('id') id: number, @Param('postId') postId: string, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.updatePost.execute(id, postId, body), 'Post updated successfully');
  }

  @Delete('/:postId([1-9]\\d*)')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Delete a post (a tombstone)',
    'Sets isDeleted, deletedAt and deletedByAdminId and unpins it; the content stays readable to admins and the id keeps its place ' +
      `in the cursor. Deleting it again answers the tombstone unchanged. ${SOFT_DELETED} ${NOT_FOUND} Sends post.deleted. ${POST_FIELDS}`,
  )
  async remove(@CurrentUser() admin: AdminActor, @Param('id') id: number, @Param('postId') postId: string) {
    return ApiResponse.ok(await this.deletePost.execute(admin, id, postId), 'Post deleted successfully');
  }

  @Post('/:postId([1-9]\\d*)/pin')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Pin or unpin a post',
    'Body { is_pinned: boolean } (required; anything else is 422 UNPROCESSABLE). Pin sets isPinned and pinnedAt to now; unpin ' +
      `clears both. A deleted post is 422 CHANNEL_POST_DELETED. ${SOFT_DELETED} ${NOT_FOUND} Sends post.pinned. ${POST_FIELDS}`,
  )
  @ApiBody(PinChannelPostDto)
  async pin(@Param('id') id: number, @Param('postId') postId: string, @Body({ validate: false, required: false }) body: unknown) {
    const post = await this.pinPost.execute(id, postId, body);
    return ApiResponse.ok(post, post.isPinned ? 'Post pinned' : 'Post unpinned');
  }
}
