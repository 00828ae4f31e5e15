import { Body, CurrentUser, Get, HeaderParam, HttpCode, JsonController, Param, Patch, Post, QueryParam } from 'routing-controllers';
import { Service } from 'typedi';
import {
  AdminActor,
  AdminDiscussionService,
  AdminPostMessageDto,
  AdminPostMessageUseCase,
  IdCursorQuery,
  UpdateDiscussionDto,
  UpdateDiscussionUseCase,
} from '@platform/domain';
import { ApiBody, ApiDoc, ApiParameters, ApiResponse, CursorQuery, idempotencyKeyParameter, RequirePermission } from '@platform/http';
import { BODY_422, BODY_RULES, CHANNEL_ID, DISCUSSION_FIELDS, MESSAGE_FIELDS, SOFT_DELETED } from './discussion-docs';

const IDEMPOTENCY_KEY = idempotencyKeyParameter({
  required: false,
  description:
    'Optional, 1-255 visible characters, one per new message (a UUID); malformed: 400 VALIDATION_ERROR. A retry with the same key, ' +
    'channel and body answers the first message again with 201 and posts nothing; with another body: 409 ' +
    'CHANNEL_IDEMPOTENCY_MISMATCH; while the first still runs: 409 CONFLICT. A refused post (404, 422) frees its key.',
});
const INCLUDE_DELETED = {
  in: 'query',
  name: 'include_deleted',
  required: false,
  description: 'true lists tombstones (isDeleted, body null) too; default false; anything but true or false is 422 UNPROCESSABLE.',
  schema: { type: 'string', enum: ['true', 'false'], default: 'false' },
};

/**
 * A channel's discussion for admins (CONTRACT section 10, of our design): its settings, its
 * messages, and messages written as ADMIN. Moderation has its own controller.
 */
@Service()
@JsonController('/api/admin/channels/:id([1-9]\\d*)/discussion')
export class AdminChannelDiscussionController {
  constructor(
    private readonly discussions: AdminDiscussionService,
    private readonly updateDiscussion: UpdateDiscussionUseCase,
    private readonly postMessage: AdminPostMessageUseCase,
  ) {}

  @Get()
  @RequirePermission('Communications_READ')
  @ApiDoc('Get a channel\'s discussion', `Any channel status, soft-deleted included (as the channel detail). ${CHANNEL_ID} ${DISCUSSION_FIELDS}`)
  async get(@Param('id') id: number) {
    return ApiResponse.ok(await this.discussions.detail(id));
  }

  @Patch()
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Configure a channel\'s discussion',
    'Body UpdateDiscussionDto (snake_case, at least one field; an empty body is 422): is_enabled (false closes it to new user ' +
      'messages), title (trimmed, 1-200 characters, at least one visible, no control characters), required_feature_key (a feature ' +
      'key some subscription plan names, else 422 CHANNEL_FEATURE_KEY_UNKNOWN; members then need it besides the channel\'s ' +
      'access; null clears it), slow_mode_enabled, slow_mode_interval_seconds (integer 1-86400; null clears it). Slow mode on ' +
      'needs an interval, judged with the stored settings under the given ones: 422 UNPROCESSABLE naming the field. updatedAt ' +
      'moves on every accepted PATCH. A PATCH that changes a setting adds a settings_update entry to the moderation log (the ' +
      'admin, and changes: { field: { from, to } } for exactly the fields that changed); one repeating the stored values adds ' +
      `none. ${SOFT_DELETED} ${BODY_422} ${CHANNEL_ID} ${DISCUSSION_FIELDS}`,
  )
  @ApiBody(UpdateDiscussionDto)
  async update(@CurrentUser() admin: AdminActor, @Param('id') id: number, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.updateDiscussion.execute(admin, id, body), 'Discussion updated successfully');
  }

  @Get('/messages')
  @RequirePermission('Communications_READ')
  @ApiDoc(
    'A discussion\'s messages (cursor pages by id)',
    'after_id (ids above it, ascending; the previous page\'s next_after_id, 0 from the first message) or before_id (ids below ' +
      'it, descending; the previous page\'s next_before_id), only one, each a string of a non-negative integer; neither: the ' +
      'newest, descending. limit 1-100, default 20. data is { items, cursor, limit, has_more, count }: cursor holds ' +
      'next_after_id (the newest id of the page) and next_before_id (the oldest), as strings, and is {} when has_more is false. ' +
      'Both ids, or a malformed after_id, before_id, limit or include_deleted: 422 UNPROCESSABLE naming the parameter. Any ' +
      `channel status. ${CHANNEL_ID} Items: ${MESSAGE_FIELDS}`,
  )
  @ApiParameters(INCLUDE_DELETED)
  async list(
    @Param('id') id: number,
    @CursorQuery({ by: 'id' }) page: IdCursorQuery,
    @QueryParam('include_deleted', { required: false }) includeDeleted?: string,
  ) {
    return ApiResponse.ok(await this.discussions.messages(id, page, includeDeleted));
  }

  @Post('/messages')
  @HttpCode(201)
  @RequirePermission('Communications_CREATE')
  @ApiDoc(
    'Write a message as ADMIN',
    `Body AdminPostMessageDto { body } (${BODY_RULES}). The message has authorType ADMIN and authorAdminId the token's sub. ` +
      'Admins are exempt from slow mode, bans and mutes, and may write while the discussion is disabled (it is closed to ' +
      'users, not to moderators). The channel must be active: archived or soft-deleted is 422 CHANNEL_NOT_ACTIVE. Sends ' +
      `message.created { channelId, discussionId, id, seq } to the room discussion:{discussionId} after commit. ${BODY_422} ` +
      `${CHANNEL_ID} data: ${MESSAGE_FIELDS}`,
  )
  @ApiBody(AdminPostMessageDto)
  @ApiParameters(IDEMPOTENCY_KEY)
  async post(
    @CurrentUser() admin: AdminActor,
    @Param('id') id: number,
    @HeaderParam('Idempotency-Key', { type: String }) idempotencyKey: string | undefined,
    @Body({ validate: false, required: false }) body: unknown,
  ) {
    return ApiResponse.ok(await this.postMessage.execute(admin, id, body, idempotencyKey), 'Message posted successfully');
  }
}
