import { Body, CurrentUser, Delete, Get, HeaderParam, HttpCode, JsonController, Param, Patch, Post, QueryParam } from 'routing-controllers';
import { Service } from 'typedi';
import {
  CustomerActor,
  IdCursorQuery,
  MobileDeleteMessageUseCase,
  MobileDiscussionMessageBodyDto,
  MobileDiscussionService,
  MobileEditMessageUseCase,
  MobilePostMessageUseCase,
} from '@platform/domain';
import { ApiBody, ApiDoc, ApiParameters, ApiResponse, CursorQuery, CustomerRoute, idempotencyKeyParameter } from '@platform/http';

const AUTH = '401 without a valid customer token, 403 FORBIDDEN with an admin token.';
const ACCESS =
  'Discussion access, decided now: access to the channel (OPEN, or EXTERNAL_GATED with its feature held now; a joined member ' +
  'in the 7-day push grace window has none, and joining unlocks nothing), then the discussion\'s requiredFeatureKey held now ' +
  'if it names one; without it: 403 CHANNEL_DISCUSSION_ACCESS_DENIED.';
const CHANNEL_NOT_SEEN =
  '404 CHANNEL_NOT_FOUND for an unknown or soft-deleted channel, and for a PRIVATE one the caller may not read (its existence ' +
  'does not leak); an id that is not a positive integer is 400 VALIDATION_ERROR.';
const MESSAGE_NOT_SEEN =
  '404 CHANNEL_MESSAGE_NOT_FOUND for an unknown message, or one of a channel the caller may not see; an id that is not a ' +
  'positive integer is 400 VALIDATION_ERROR.';
const MESSAGE_FIELDS =
  'A message (full view): id (string), discussionId, authorType (USER or ADMIN), authorUserId, authorAdminId, body, isDeleted, ' +
  'deletedAt, deletedByAdminId, editedAt, editedByUserId, editedByAdminId, createdAt, updatedAt. A deleted message is a ' +
  'tombstone: isDeleted true, body null.';
const BODY_RULES =
  'Body { body }: trimmed, 1-4,000 characters (code points), at least one visible, no control character but \\n and \\t; ' +
  'another key, a missing or non-string body: 422 UNPROCESSABLE with errors[].';
const IDEMPOTENCY_KEY = idempotencyKeyParameter({
  required: false,
  description:
    'Optional, 1-255 visible characters, one per new message (a UUID); malformed: 400 VALIDATION_ERROR. A retry with the same key, ' +
    'channel and body answers the first message again with 201 and posts nothing (slow mode does not refuse it); with another ' +
    'body: 409 CHANNEL_IDEMPOTENCY_MISMATCH; while the first still runs: 409 CONFLICT. A refused post frees its key.',
});
const VIEW = {
  in: 'query',
  name: 'view',
  required: false,
  description: 'full (default: every field) or compact (id, authorType, authorUserId, authorAdminId, body, isDeleted, createdAt); else 422.',
  schema: { type: 'string', enum: ['full', 'compact'], default: 'full' },
};

/** A channel's discussion for members (community-content-uploads.md "Channels, mobile" rules 4-5; issue 23). Thin: the rules are the domain's. */
@Service()
@JsonController('/api/mobile/channels')
export class MobileDiscussionController {
  constructor(
    private readonly discussions: MobileDiscussionService,
    private readonly postMessage: MobilePostMessageUseCase,
  ) {}

  @Get('/:id([1-9]\\d*)/discussion')
  @CustomerRoute()
  @ApiDoc(
    'The discussion of a channel',
    `${ACCESS} Then banned from the discussion: 403 CHANNEL_DISCUSSION_BANNED (a ban shuts the user out entirely). ` +
      'A disabled discussion is still answered (isEnabled false). data is { id, channelId, title, isEnabled, ' +
      `requiredFeatureKey, slowModeEnabled, slowModeIntervalSeconds, createdByAdminId, createdAt, updatedAt }. ${CHANNEL_NOT_SEEN} ${AUTH}`,
  )
  async discussion(@CurrentUser() customer: CustomerActor, @Param('id') id: number) {
    return ApiResponse.ok(await this.discussions.discussion(customer, id));
  }

  @Get('/:id([1-9]\\d*)/discussion/messages')
  @CustomerRoute()
  @ApiDoc(
    'A discussion\'s messages, a cursor page by id',
    'after_id (ids above it, ascending; the previous page\'s next_after_id, 0 from the first message, or the newest id a ' +
      'client holds when a message.created seq went missing; after a missed message.updated or message.deleted, refetch the ' +
      'window held with before_id = its newest id + 1) or before_id (ids below it, descending; the previous page\'s ' +
      'next_before_id), only one, each a string of a non-negative integer; neither: the newest, descending. limit 1-100 ' +
      '(default 20). Both ids, or a malformed after_id, before_id, limit or view: 422 UNPROCESSABLE naming the parameter. ' +
      'data is { items, cursor, limit, has_more, count }: cursor holds next_after_id (the newest id of the page) and ' +
      `next_before_id (the oldest) as strings, {} when has_more is false. Tombstones stay in the list with body null. ${ACCESS} ` +
      'Then banned from the discussion: 403 CHANNEL_DISCUSSION_BANNED. ' +
      `${CHANNEL_NOT_SEEN} ${AUTH} Items: ${MESSAGE_FIELDS}`,
  )
  @ApiParameters(VIEW)
  async messages(
    @CurrentUser() customer: CustomerActor,
    @Param('id') id: number,
    @CursorQuery({ by: 'id' }) page: IdCursorQuery,
    @QueryParam('view', { required: false }) view?: string,
  ) {
    return ApiResponse.ok(await this.discussions.messages(customer, id, page, view));
  }

  @Post('/:id([1-9]\\d*)/discussion/messages')
  @HttpCode(201)
  @CustomerRoute()
  @ApiDoc(
    'Post a message to a channel\'s discussion',
    `${BODY_RULES} authorType is USER. ${ACCESS} Then, in this order: banned from the discussion: 403 CHANNEL_DISCUSSION_BANNED; ` +
      'an archived channel (read-only): 422 CHANNEL_NOT_ACTIVE; a disabled discussion: 403 CHANNEL_DISCUSSION_DISABLED; muted: ' +
      '403 CHANNEL_DISCUSSION_MUTED, the message naming the mute\'s end; slow mode on: one message per slowModeIntervalSeconds ' +
      'per user, else 429 RATE_LIMIT_EXCEEDED with Retry-After (seconds left, rounded up). A refused post writes nothing. ' +
      `Sends message.created { channelId, discussionId, id, seq } to the room discussion:{id} after commit. ${CHANNEL_NOT_SEEN} ` +
      `${AUTH} data: ${MESSAGE_FIELDS}`,
  )
  @ApiBody(MobileDiscussionMessageBodyDto)
  @ApiParameters(IDEMPOTENCY_KEY)
  async post(
    @CurrentUser() customer: CustomerActor,
    @Param('id') id: number,
    @HeaderParam('Idempotency-Key', { type: String }) idempotencyKey: string | undefined,
    @Body({ validate: false, required: false }) body: unknown,
  ) {
    return ApiResponse.ok(await this.postMessage.execute(customer, id, body, idempotencyKey), 'Message posted');
  }
}

/** The caller's own discussion messages (issue 23; CONTRACT section 4: another user's message is 403). */
@Service()
@JsonController('/api/mobile/discussion-messages')
export class MobileDiscussionMessagesController {
  constructor(
    private readonly editMessage: MobileEditMessageUseCase,
    private readonly deleteMessage: MobileDeleteMessageUseCase,
  ) {}

  @Patch('/:id([1-9]\\d*)')
  @CustomerRoute()
  @ApiDoc(
    'Edit one of your messages',
    `${BODY_RULES} Sets body, editedAt (now) and editedByUserId (the caller). ${ACCESS} Then: another user's or an admin's ` +
      'message: 403 CHANNEL_MESSAGE_FORBIDDEN; banned: 403 CHANNEL_DISCUSSION_BANNED; a deleted message: 422 ' +
      'CHANNEL_MESSAGE_DELETED; an archived channel: 422 CHANNEL_NOT_ACTIVE; a disabled discussion: 403 ' +
      `CHANNEL_DISCUSSION_DISABLED; muted: 403 CHANNEL_DISCUSSION_MUTED. Sends message.updated. ${MESSAGE_NOT_SEEN} ${AUTH} ` +
      `data: ${MESSAGE_FIELDS}`,
  )
  @ApiBody(MobileDiscussionMessageBodyDto)
  async edit(@CurrentUser() customer: CustomerActor, @Param('id') id: string, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.editMessage.execute(customer, id, body), 'Message updated');
  }

  @Delete('/:id([1-9]\\d*)')
  @CustomerRoute()
  @ApiDoc(
    'Delete one of your messages (a tombstone)',
    `Sets isDeleted, deletedAt and deletedByUserId and clears body; the id keeps its place in the list. ${ACCESS} Then: ` +
      'another user\'s or an admin\'s message: 403 CHANNEL_MESSAGE_FORBIDDEN; banned: 403 CHANNEL_DISCUSSION_BANNED. Allowed ' +
      'in an archived channel, a disabled discussion and while muted (taking text away). Deleting it again answers the ' +
      `tombstone unchanged, with no second event. Sends message.deleted. ${MESSAGE_NOT_SEEN} ${AUTH} data: ${MESSAGE_FIELDS}`,
  )
  async remove(@CurrentUser() customer: CustomerActor, @Param('id') id: string) {
    return ApiResponse.ok(await this.deleteMessage.execute(customer, id), 'Message deleted');
  }
}
