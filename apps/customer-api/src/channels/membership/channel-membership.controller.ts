import { Body, CurrentUser, JsonController, Param, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CustomerActor, JoinChannelUseCase, LeaveChannelUseCase, UpdateChannelReadStateUseCase, UpdateReadStateDto } from '@platform/domain';
import { ApiBody, ApiDoc, ApiResponse, CustomerRoute } from '@platform/http';

const MEMBERSHIP =
  'data is the membership { channelId, isJoined, joinedAt, leftAt } (leftAt null while joined; joinedAt and leftAt null when ' +
  'the caller never joined).';
const NO_BODY = 'No body (absent or {}; a body with any key is 422 UNPROCESSABLE naming it).';
const COMMON =
  'An unknown or soft-deleted channel is 404 CHANNEL_NOT_FOUND, and so is a PRIVATE channel the caller may neither read nor ' +
  'is joined to (its existence does not leak); an id that is not a positive integer is 400 VALIDATION_ERROR. 401 without a ' +
  'valid customer token, 403 FORBIDDEN with an admin token.';
const EMPTY_BODY = { requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' as const, maxProperties: 0 } } } } };

/**
 * community-content-uploads.md "Channels, mobile": join, leave and the read cursor. Thin: the
 * domain decides access through ChannelAccessService and reads the bodies.
 */
@Service()
@JsonController('/api/mobile/channels')
export class ChannelMembershipController {
  constructor(
    private readonly joinChannel: JoinChannelUseCase,
    private readonly leaveChannel: LeaveChannelUseCase,
    private readonly updateReadState: UpdateChannelReadStateUseCase,
  ) {}

  @Post('/:id([1-9]\\d*)/join')
  @CustomerRoute()
  @ApiDoc(
    'Join a broadcast channel (its push notifications)',
    `${NO_BODY} Needs current access to the channel: open channels, or gated ones whose feature the caller holds now; else ` +
      '403 CHANNEL_ACCESS_DENIED. A PREMIUM_VIEW_ONLY channel is 422 UNPROCESSABLE (broadcast channels only). Joining again ' +
      'answers the joined state unchanged (same joinedAt); joining after leaving starts a new membership (joinedAt moves, ' +
      'leftAt cleared). An archived channel can be joined (it stays readable; it sends no new posts). ' +
      `${MEMBERSHIP} ${COMMON}`,
  )
  @OpenAPI(EMPTY_BODY)
  async join(@CurrentUser() customer: CustomerActor, @Param('id') id: number, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.joinChannel.execute(customer, id, body), 'Joined the channel');
  }

  @Post('/:id([1-9]\\d*)/leave')
  @CustomerRoute()
  @ApiDoc(
    'Leave a broadcast channel (stops its push at once)',
    `${NO_BODY} Works without access (a member whose subscription ended leaves too) and is idempotent: leaving again ` +
      'answers the left state as it was; a caller who never joined gets isJoined false with joinedAt and leftAt null. A ' +
      'PRIVATE channel the caller left after losing access still answers their membership. A PREMIUM_VIEW_ONLY channel is 422 ' +
      `UNPROCESSABLE (broadcast channels only). ${MEMBERSHIP} ${COMMON}`,
  )
  @OpenAPI(EMPTY_BODY)
  async leave(@CurrentUser() customer: CustomerActor, @Param('id') id: number, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.leaveChannel.execute(customer, id, body), 'Left the channel');
  }

  @Post('/:id([1-9]\\d*)/read-state')
  @CustomerRoute()
  @ApiDoc(
    'Move the read cursor of a channel',
    'Body UpdateReadStateDto { last_seen_post_id }: a string of a non-negative integer ("0" up to 9223372036854775807); a ' +
      'number, a sign, a fraction, blanks, a missing field, another key or a value past bigint is 422 UNPROCESSABLE with ' +
      'errors[]. The stored cursor becomes the greater of the stored one and the given one clamped to the channel\'s newest ' +
      'post id (0 in a channel without posts): it never moves backward, also under concurrent calls. Any channel kind. Needs ' +
      'current access: 403 CHANNEL_ACCESS_DENIED otherwise (a joined member whose subscription ended included). data is ' +
      `{ channelId, lastSeenPostId (string), lastSeenAt (the latest report's time) }. ${COMMON}`,
  )
  @ApiBody(UpdateReadStateDto)
  async readState(@CurrentUser() customer: CustomerActor, @Param('id') id: number, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.updateReadState.execute(customer, id, body), 'Read state updated');
  }
}
