import type { Response } from 'express';
import { Body, CurrentUser, Delete, Get, JsonController, Param, Post, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  AdminActor,
  BanFromDiscussionDto,
  BanFromDiscussionUseCase,
  DISCUSSION_BAN_LIST,
  DISCUSSION_MUTE_LIST,
  DiscussionModerationService,
  IdCursorQuery,
  ModerationReasonDto,
  MuteInDiscussionDto,
  MuteInDiscussionUseCase,
  SortedPageQuery,
  UnbanFromDiscussionUseCase,
  UnmuteInDiscussionUseCase,
} from '@platform/domain';
import { ApiBody, ApiDoc, ApiResponse, CursorQuery, RequirePermission } from '@platform/http';
import { BODY_422, CHANNEL_ID, REASON, SOFT_DELETED } from './discussion-docs';

const BAN = 'A ban: { discussionId, userId, bannedByAdminId, reason, createdAt }.';
const MUTE = 'A mute: { discussionId, userId, mutedUntil, mutedByAdminId, reason, createdAt, updatedAt (when it was last set) }.';
const LIFT = 'data is { discussionId, userId, removed } (removed: whether there was one to lift).';
const USER = 'user_id must name an existing user (else 422 UNPROCESSABLE with errors[] naming user_id, as for one that is not a UUID).';
const USER_PARAM = 'userId is the user\'s UUID (anything else is 400 VALIDATION_ERROR).';
const SORTED_PAGE =
  'cursor (the previous page\'s next_cursor) and limit (1-100, default 20); a bad one is 422 UNPROCESSABLE. data is { items, ' +
  'cursor: { next_cursor } ({} when has_more is false), limit, has_more, count }.';
const CREATED_OR_EXISTING = { '201': { description: 'A new one' }, '200': { description: 'The existing one (nothing changed)' } };

/**
 * Moderation of a channel's discussion (CONTRACT section 10, of our design): bans, mutes, and the
 * log every moderation write adds to in its own transaction (who, what, whom, until, why, when).
 */
@Service()
@JsonController('/api/admin/channels/:id([1-9]\\d*)/discussion')
export class AdminDiscussionModerationController {
  constructor(
    private readonly moderation: DiscussionModerationService,
    private readonly banUser: BanFromDiscussionUseCase,
    private readonly unbanUser: UnbanFromDiscussionUseCase,
    private readonly muteUser: MuteInDiscussionUseCase,
    private readonly unmuteUser: UnmuteInDiscussionUseCase,
  ) {}

  @Post('/bans')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Ban a user from the discussion',
    `Body BanFromDiscussionDto { user_id, reason? } (${USER} ${REASON}) A banned user may not post, edit or delete their ` +
      'messages there, nor join its room, until unbanned. 201 with the new ban, which adds a ban entry to the moderation log; ' +
      '200 with the existing ban when the user is banned already (nothing changes, nothing is logged, also when two bans race). ' +
      `${SOFT_DELETED} ${BODY_422} ${CHANNEL_ID} ${BAN}`,
  )
  @OpenAPI({ responses: CREATED_OR_EXISTING })
  @ApiBody(BanFromDiscussionDto)
  async ban(@CurrentUser() admin: AdminActor, @Param('id') id: number, @Body({ validate: false, required: false }) body: unknown, @Res() res: Response) {
    const { ban, created } = await this.banUser.execute(admin, id, body);
    res.status(created ? 201 : 200);
    return ApiResponse.ok(ban, created ? 'User banned from the discussion' : 'User already banned from the discussion');
  }

  @Get('/bans')
  @RequirePermission('Communications_READ')
  @ApiDoc('List the discussion\'s bans, newest first', `${SORTED_PAGE} ${CHANNEL_ID} Items: ${BAN}`)
  async bans(@Param('id') id: number, @CursorQuery({ by: 'cursor', ...DISCUSSION_BAN_LIST }) page: SortedPageQuery) {
    return ApiResponse.ok(await this.moderation.bans(id, page));
  }

  @Delete('/bans/:userId')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Lift a user\'s ban',
    `${USER_PARAM} Optional body ModerationReasonDto { reason? } (${REASON}) Idempotent: 200 whether or not the user was banned; ` +
      `only a ban removed adds an unban entry to the log. ${SOFT_DELETED} ${BODY_422} ${CHANNEL_ID} ${LIFT}`,
  )
  @ApiBody(ModerationReasonDto, { required: false })
  async unban(
    @CurrentUser() admin: AdminActor,
    @Param('id') id: number,
    @Param('userId') userId: string,
    @Body({ validate: false, required: false }) body: unknown,
  ) {
    const lifted = await this.unbanUser.execute(admin, id, userId, body);
    return ApiResponse.ok(lifted, lifted.removed ? 'User unbanned' : 'User was not banned');
  }

  @Post('/mutes')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Mute a user in the discussion until a time',
    `Body MuteInDiscussionDto { user_id, muted_until, reason? } (${USER} muted_until: an RFC 3339 date-time in the future, else ` +
      `422 UNPROCESSABLE naming it; ${REASON}) A muted user reads but may not post until muted_until (refused with the end time). ` +
      'A new mute replaces the user\'s earlier one whole (until, admin, reason); every mute adds a mute entry, with its end, to ' +
      'the moderation log. 201 when the user was not muted, 200 when a running mute was replaced. ' +
      `${SOFT_DELETED} ${BODY_422} ${CHANNEL_ID} ${MUTE}`,
  )
  @OpenAPI({ responses: { '201': { description: 'Muted' }, '200': { description: 'A running mute replaced' } } })
  @ApiBody(MuteInDiscussionDto)
  async mute(@CurrentUser() admin: AdminActor, @Param('id') id: number, @Body({ validate: false, required: false }) body: unknown, @Res() res: Response) {
    const { mute, created } = await this.muteUser.execute(admin, id, body);
    res.status(created ? 201 : 200);
    return ApiResponse.ok(mute, created ? 'User muted in the discussion' : 'Mute replaced');
  }

  @Get('/mutes')
  @RequirePermission('Communications_READ')
  @ApiDoc(
    'List the mutes in force, the most recently set first',
    `Only mutes whose muted_until is still ahead. ${SORTED_PAGE} ${CHANNEL_ID} Items: ${MUTE}`,
  )
  async mutes(@Param('id') id: number, @CursorQuery({ by: 'cursor', ...DISCUSSION_MUTE_LIST }) page: SortedPageQuery) {
    return ApiResponse.ok(await this.moderation.mutes(id, page));
  }

  @Delete('/mutes/:userId')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Unmute a user now',
    `${USER_PARAM} Optional body ModerationReasonDto { reason? } (${REASON}) Idempotent: 200 whether or not the user was muted; ` +
      'only a mute still in force adds an unmute entry to the log. ' + `${SOFT_DELETED} ${BODY_422} ${CHANNEL_ID} ${LIFT}`,
  )
  @ApiBody(ModerationReasonDto, { required: false })
  async unmute(
    @CurrentUser() admin: AdminActor,
    @Param('id') id: number,
    @Param('userId') userId: string,
    @Body({ validate: false, required: false }) body: unknown,
  ) {
    const lifted = await this.unmuteUser.execute(admin, id, userId, body);
    return ApiResponse.ok(lifted, lifted.removed ? 'User unmuted' : 'User was not muted');
  }

  @Get('/moderation-actions')
  @RequirePermission('Communications_READ')
  @ApiDoc(
    'The discussion\'s moderation log, newest first',
    'Every ban, unban, mute, unmute, admin edit or delete of any message, and change of the discussion\'s settings, as { id ' +
      '(string), discussionId, action (ban | unban | mute | unmute | message_edit | message_delete | settings_update), adminId ' +
      '(who), userId (whom; null for an admin\'s message and for settings_update), messageId (string; message_edit and ' +
      'message_delete), mutedUntil (mute only), reason, changes (settings_update only, else null: { field: { from, to } } for ' +
      'exactly the fields the PATCH changed, named as in its body), createdAt (when) }. before_id (the previous page\'s next_before_id) and ' +
      'limit (1-100, default 20); data is { items, cursor: { next_after_id, next_before_id } ({} when has_more is false), limit, ' +
      `has_more, count }; a bad one is 422 UNPROCESSABLE. ${CHANNEL_ID}`,
  )
  async actions(@Param('id') id: number, @CursorQuery({ by: 'id', directions: ['before'] }) page: IdCursorQuery) {
    return ApiResponse.ok(await this.moderation.actions(id, page));
  }
}
