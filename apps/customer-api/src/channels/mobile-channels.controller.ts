import { CurrentUser, Get, JsonController, Param } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { Actor, IdCursorQuery, MOBILE_CHANNEL_LIST, MobileChannelPostsService, MobileChannelsService, SortedPageQuery } from '@platform/domain';
import { ApiDoc, ApiResponse, CursorQuery } from '@platform/http';

/** Optional JWT: no token reads anonymously (OPEN channels), a bad one is 401 (as the course curriculum). */
const OPTIONAL_JWT = OpenAPI({ security: [{}, { bearerAuth: [] }] });
const READER =
  'Optional bearer token: without one (or with an admin token) the caller reads as anonymous, who reads OPEN channels only; ' +
  'a customer token reads by its entitlements (EXTERNAL_GATED: the channel\'s feature held now) and memberships. A malformed, ' +
  'expired or foreign token is 401, never read as anonymous.';
const ITEM_FIELDS =
  'A channel item: id, kind, accessPolicy, status, visibility, title, description, createdAt, updatedAt, isJoined (joined for push), ' +
  'isLocked (joined but without access now), unreadCount (visible, not deleted posts above the read cursor, or all of them ' +
  'without one; at most 1000; 0 without access), lastPostId (the newest visible, not deleted post; null when none or without access).';
const POST_FIELDS =
  'A post: id, channelId, publishedAt, createdByAdminId, type (TEXT|LINK|CHART|IMAGE|FILE), bodyText, linkUrl, chartPayloadJson, ' +
  'isPinned, pinnedAt, isDeleted, deletedAt, attachments [{ id, storageKey, fileName, mimeType, sizeBytes, displayOrder, url, ' +
  'expiresAt }], createdAt, updatedAt. url is /<key> with local storage, a direct URL for a public key, or a signed URL for a ' +
  'private key on S3 with expiresAt (Unix ms; null for a stable URL: refresh through the signed-url route when near). A deleted ' +
  'post is a tombstone: isDeleted true, bodyText, linkUrl and chartPayloadJson null, attachments [] (drop a cached copy).';
const NOT_SEEN =
  '404 CHANNEL_NOT_FOUND for an unknown or deleted channel, and for a PRIVATE channel the caller may not read (its existence ' +
  'does not leak); an id that is not a positive integer is 400 VALIDATION_ERROR.';

/**
 * Channels for members, read side (community-content-uploads.md "Channels, mobile"; issue 22):
 * the list, one channel, its posts. Thin: the access rules are ChannelAccessService's.
 */
@Service()
@JsonController('/api/mobile/channels')
export class MobileChannelsController {
  constructor(
    private readonly channels: MobileChannelsService,
    private readonly posts: MobileChannelPostsService,
  ) {}

  @Get()
  @OPTIONAL_JWT
  @ApiDoc(
    'The channels the caller may see, newest first',
    `${READER} Lists channels that are not deleted and OPEN, or gated and PUBLIC, or gated and PRIVATE with the caller holding ` +
      'its feature or joined. One fixed order (createdAt descending): sort or order is 422 UNPROCESSABLE; cursor is the previous ' +
      'page\'s next_cursor (another or altered one: 422); limit 1-100 (default 20; outside: 422). data is { items, cursor: ' +
      `{ next_cursor } or {}, limit, has_more, count }. ${ITEM_FIELDS}`,
  )
  async list(@CursorQuery({ by: 'cursor', ...MOBILE_CHANNEL_LIST }) page: SortedPageQuery, @CurrentUser() actor?: Actor) {
    return ApiResponse.ok(await this.channels.list(actor, page));
  }

  @Get('/:id([1-9]\\d*)')
  @OPTIONAL_JWT
  @ApiDoc(
    'One channel',
    `${READER} A joined member who lost access gets the shell (isJoined and isLocked true); anyone else who may see the channel ` +
      `but not read it gets 403 CHANNEL_ACCESS_DENIED. ${NOT_SEEN} ${ITEM_FIELDS}`,
  )
  async detail(@Param('id') id: number, @CurrentUser() actor?: Actor) {
    return ApiResponse.ok(await this.channels.detail(actor, id));
  }

  @Get('/:id([1-9]\\d*)/posts')
  @OPTIONAL_JWT
  @ApiDoc(
    'A channel\'s posts, a cursor page by id',
    `${READER} after_id (ids above it, ascending) or before_id (ids below it, descending), strings, not both (422); neither: the ` +
      'newest, descending. Ordered by post id, never by publishedAt. Only the posts the caller\'s history allows (gated ' +
      'channels: by publishedAt and the channel\'s history settings), filtered before paging. data is { items, cursor, limit, ' +
      'has_more, count }: cursor holds next_after_id (the newest id of the page) and next_before_id (the oldest) as strings, {} ' +
      'when has_more is false. Malformed after_id, before_id or limit (1-100, default 20): 422 UNPROCESSABLE. Without access: ' +
      `403 CHANNEL_ACCESS_DENIED (a locked member too). ${NOT_SEEN} Items: ${POST_FIELDS}`,
  )
  async listPosts(@Param('id') id: number, @CursorQuery({ by: 'id' }) page: IdCursorQuery, @CurrentUser() actor?: Actor) {
    return ApiResponse.ok(await this.posts.list(actor, id, page));
  }
}

/** One channel post for members (community-content-uploads.md "Channels, mobile": GET /api/mobile/posts/{postId}). */
@Service()
@JsonController('/api/mobile/posts')
export class MobileChannelPostsController {
  constructor(private readonly posts: MobileChannelPostsService) {}

  @Get('/:postId([1-9]\\d*)')
  @OPTIONAL_JWT
  @ApiDoc(
    'One channel post with its attachments\' URLs',
    `${READER} 404 CHANNEL_POST_NOT_FOUND for an unknown post or one of a channel the caller may not see (deleted, or PRIVATE ` +
      'without access); 403 CHANNEL_ACCESS_DENIED without access to its channel, or for a post outside the history the caller ' +
      `may read; a postId that is not a positive integer is 400 VALIDATION_ERROR. ${POST_FIELDS}`,
  )
  async detail(@Param('postId') postId: string, @CurrentUser() actor?: Actor) {
    return ApiResponse.ok(await this.posts.detail(actor, postId));
  }
}
