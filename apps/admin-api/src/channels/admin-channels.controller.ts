import { Body, CurrentUser, Get, HeaderParam, HttpCode, JsonController, Param, Patch, Post, QueryParam } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  ADMIN_CHANNEL_LIST,
  AdminActor,
  AdminChannelsService,
  ChangeChannelStatusDto,
  ChangeChannelStatusUseCase,
  CreateChannelDto,
  CreateChannelUseCase,
  RestoreChannelUseCase,
  SortedPageQuery,
  UpdateChannelAccessPolicyDto,
  UpdateChannelAccessPolicyUseCase,
  UpdateChannelDto,
  UpdateChannelUseCase,
} from '@platform/domain';
import { ApiBody, ApiDoc, ApiParameters, ApiResponse, CursorQuery, idempotencyKeyParameter, RequirePermission } from '@platform/http';

const DETAIL =
  'data is the channel detail: id, kind (BROADCAST | PREMIUM_VIEW_ONLY), accessPolicy (OPEN | EXTERNAL_GATED), visibility ' +
  '(PUBLIC | PRIVATE), status (active | archived | soft_deleted), title, description, createdByAdminId, archivedAt, ' +
  'archivedByAdminId (null unless archived), deletedAt, deletedByAdminId, purgeAfter (null unless soft_deleted), createdAt, ' +
  'updatedAt, accessPolicyConfig { channelId, firstSubscribeHistoryPolicy (NO_PAST | ALLOW_PAST), resubscribeBackfillDays, ' +
  'preservePriorEntitledHistory, requiredFeatureKey, updatedByAdminId, updatedAt }. An unknown id is 404 CHANNEL_NOT_FOUND; ' +
  'an id that is not a positive integer (0 or a leading zero included) is 400 VALIDATION_ERROR.';
const BODY_422 = 'Body problems (bad enum, range or type, unknown key, not a JSON object) are 422 UNPROCESSABLE with errors[] naming the field.';

const IDEMPOTENCY_KEY = idempotencyKeyParameter({
  required: true,
  description:
    'Required, 1-255 visible ASCII characters, unique per channel to create (a UUID); missing or malformed: 400 VALIDATION_ERROR. ' +
    'The same key with the same request (key order and defaults do not matter) answers the first 201 again and creates nothing; ' +
    'with another request: 409 CHANNEL_IDEMPOTENCY_MISMATCH; while the first still runs: 409 CONFLICT (Retry-After). A refused ' +
    'create frees its key. Keys are kept IDEMPOTENCY_KEY_TTL_HOURS.',
});

/** community-content-uploads.md "Channels, admin": channels (posts have their own controller). Thin: the domain reads the bodies. */
@Service()
@JsonController('/api/admin/channels')
export class AdminChannelsController {
  constructor(
    private readonly channels: AdminChannelsService,
    private readonly createChannel: CreateChannelUseCase,
    private readonly updateChannel: UpdateChannelUseCase,
    private readonly updateAccessPolicy: UpdateChannelAccessPolicyUseCase,
    private readonly changeStatus: ChangeChannelStatusUseCase,
    private readonly restoreChannel: RestoreChannelUseCase,
  ) {}

  @Post('')
  @HttpCode(201)
  @RequirePermission('Communications_CREATE')
  @ApiDoc(
    'Create a channel with its access policy and its discussion',
    'Body CreateChannelDto (snake_case): kind, access_policy, visibility, title (trimmed, 1-200 characters, at least one ' +
      'visible), description? (at most 5000), access_policy_config? { first_subscribe_history_policy (default NO_PAST), ' +
      'resubscribe_backfill_days (integer 0-3650, default 0), preserve_prior_entitled_history (default true), ' +
      'required_feature_key }. ' +
      'required_feature_key is required for EXTERNAL_GATED (else 422 UNPROCESSABLE) and must be a feature key some subscription ' +
      'plan names (else 422 CHANNEL_FEATURE_KEY_UNKNOWN). ' + BODY_422 + ' The channel is created active, with an enabled ' +
      'discussion (no required feature, slow mode off), in one transaction. ' + DETAIL,
  )
  @ApiBody(CreateChannelDto)
  @ApiParameters(IDEMPOTENCY_KEY)
  async create(
    @CurrentUser() admin: AdminActor,
    @HeaderParam('Idempotency-Key', { type: String }) idempotencyKey: string | undefined,
    @Body({ validate: false, required: false }) body: unknown,
  ) {
    return ApiResponse.ok(await this.createChannel.execute(admin, idempotencyKey, body), 'Channel created successfully');
  }

  @Get('')
  @RequirePermission('Communications_READ')
  @ApiDoc(
    'List channels (cursor pages)',
    'Every status unless filtered. Filters: status (active | archived | soft_deleted), kind (BROADCAST | PREMIUM_VIEW_ONLY). ' +
      'sort createdAt | updatedAt (default createdAt), order asc | desc (default desc), ties by id; cursor is the previous ' +
      'page\'s next_cursor, valid only with the same sort and order; limit 1-100 (default 20). Any bad filter, sort, order, ' +
      'cursor or limit is 422 UNPROCESSABLE. data is { items, cursor: { next_cursor } ({} when has_more is false), limit, ' +
      'has_more, count (items in this page) }; each item holds only id, title, kind, accessPolicy, visibility, status, ' +
      'createdAt, updatedAt. Keyset pages: channels created while paging never repeat or skip a row.',
  )
  @ApiParameters(
    { in: 'query', name: 'status', required: false, description: 'Only channels in this status.', schema: { type: 'string', enum: ['active', 'archived', 'soft_deleted'] } },
    { in: 'query', name: 'kind', required: false, description: 'Only channels of this kind.', schema: { type: 'string', enum: ['BROADCAST', 'PREMIUM_VIEW_ONLY'] } },
  )
  async list(
    @CursorQuery({ by: 'cursor', ...ADMIN_CHANNEL_LIST }) page: SortedPageQuery,
    @QueryParam('status', { required: false }) status?: string,
    @QueryParam('kind', { required: false }) kind?: string,
  ) {
    return ApiResponse.ok(await this.channels.list(page, { status, kind }));
  }

  @Get('/:id([1-9]\\d*)')
  @RequirePermission('Communications_READ')
  @ApiDoc('Get a channel (full detail with accessPolicyConfig)', `Any status, soft-deleted included. ${DETAIL}`)
  async get(@Param('id') id: number) {
    return ApiResponse.ok(await this.channels.detail(id));
  }

  @Patch('/:id([1-9]\\d*)')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Update a channel\'s metadata',
    'Body UpdateChannelDto: kind, visibility, title (trimmed, 1-200 characters, at least one visible), description (at ' +
      'most 5000; null clears it); at least one (an empty body is 422). access_policy and status are not fields of this route (422; status has PATCH ' +
      '.../status). A soft-deleted channel is 422 CHANNEL_SOFT_DELETED until restored. ' + BODY_422 + ' ' + DETAIL,
  )
  @ApiBody(UpdateChannelDto)
  async update(@Param('id') id: number, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.updateChannel.execute(id, body), 'Channel updated successfully');
  }

  @Patch('/:id([1-9]\\d*)/access-policy')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Update a channel\'s access policy config',
    'Body UpdateChannelAccessPolicyDto: first_subscribe_history_policy (NO_PAST | ALLOW_PAST), resubscribe_backfill_days ' +
      '(integer 0-3650), preserve_prior_entitled_history (boolean), required_feature_key (a known subscription feature key, ' +
      'else 422 CHANNEL_FEATURE_KEY_UNKNOWN; null clears it, which a gated channel refuses with 422 UNPROCESSABLE); at least ' +
      'one (an empty body is 422). Records accessPolicyConfig.updatedByAdminId (the token\'s sub) and updatedAt. A ' +
      'soft-deleted channel is 422 CHANNEL_SOFT_DELETED until restored. ' + BODY_422 + ' ' + DETAIL,
  )
  @ApiBody(UpdateChannelAccessPolicyDto)
  async updatePolicy(@CurrentUser() admin: AdminActor, @Param('id') id: number, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.updateAccessPolicy.execute(admin, id, body), 'Channel access policy updated successfully');
  }

  @Patch('/:id([1-9]\\d*)/status')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Move a channel to active, archived or soft_deleted',
    'Body ChangeChannelStatusDto: status (active | archived | soft_deleted), purge_after (RFC 3339 instant or null; only ' +
      'with soft_deleted: given with another status, even null, it is 422 UNPROCESSABLE naming purge_after). archived (from ' +
      'active or archived): archivedAt and archivedByAdminId set (kept when already archived). active (from active or ' +
      'archived): archive and delete metadata and purgeAfter cleared. soft_deleted (from any status): deletedAt and ' +
      'deletedByAdminId set (kept when already soft-deleted), archive metadata cleared; purgeAfter is set by an instant ' +
      '(a planned cleanup time: one not in the future is 422 UNPROCESSABLE naming purge_after), cleared by null, and kept ' +
      'when purge_after is absent (null for a channel not yet soft-deleted). A soft-deleted channel takes no other status: ' +
      '422 CHANNEL_STATUS_TRANSITION_NOT_ALLOWED (restore it first). ' + BODY_422 + ' ' + DETAIL,
  )
  @ApiBody(ChangeChannelStatusDto)
  async status(@CurrentUser() admin: AdminActor, @Param('id') id: number, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.changeStatus.execute(admin, id, body), 'Channel status changed successfully');
  }

  @Post('/:id([1-9]\\d*)/restore')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Restore a soft-deleted channel',
    'No body (absent or {}; a body with any key is 422 UNPROCESSABLE naming it). Only a soft_deleted channel: it becomes ' +
      'active with deletedAt, deletedByAdminId and purgeAfter cleared; any other status is 422 ' +
      'CHANNEL_STATUS_TRANSITION_NOT_ALLOWED. ' + DETAIL,
  )
  @OpenAPI({ requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', maxProperties: 0 } } } } })
  async restore(@Param('id') id: number, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.restoreChannel.execute(id, body), 'Channel restored successfully');
  }
}
