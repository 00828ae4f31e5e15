import { Service } from 'typedi';
import { BodyUnprocessable, Clock, CustomerActor, MAX_BIGINT, readStrictBody } from '../../../shared';
import { ChannelAccessService } from '../../access';
import { ChannelRepository } from '../../channel.repository';
import { ChannelAccessDenied, ChannelNotFound } from '../../channels.errors';
import { ChannelMembershipRepository } from '../channel-membership.repository';
import { UpdateReadStateDto } from '../dto/update-read-state.dto';
import { ChannelReadStateView, toReadStateView } from '../membership.views';

/**
 * POST /api/mobile/channels/:id/read-state (community-content-uploads.md "Channels, mobile", rule
 * 3): moves the caller's read cursor forward to `last_seen_post_id`, clamped to the channel's
 * newest post; a smaller value keeps the stored one. Any channel kind. The body first (422), then
 * 404 for a channel the caller may not see, 403 for one they may not read now (a joined member
 * whose entitlement ended included: the cursor belongs to reading).
 */
@Service()
export class UpdateChannelReadStateUseCase {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly access: ChannelAccessService,
    private readonly memberships: ChannelMembershipRepository,
    private readonly clock: Clock,
  ) {}

  async execute(actor: CustomerActor, channelId: number, body: unknown): Promise<ChannelReadStateView> {
    const postId = readPostId(body);
    const channel = await this.channels.requireChannel(channelId);
    const at = this.clock.now();
    const access = await this.access.decide(channel, { userId: actor.id }, at);
    if (!access.canSee) throw ChannelNotFound();
    if (!access.canRead) throw ChannelAccessDenied();
    return toReadStateView(await this.memberships.markSeen({ channelId: channel.id, userId: actor.id }, postId, at));
  }
}

/** The body's post id in canonical form ("007" is 7); past bigint is 422, as after_id and before_id are. */
function readPostId(body: unknown): string {
  const value = BigInt(readStrictBody(UpdateReadStateDto, body).last_seen_post_id);
  if (value > MAX_BIGINT) {
    throw BodyUnprocessable([{ field: 'last_seen_post_id', code: 'range', message: 'last_seen_post_id is out of range' }]);
  }
  return value.toString();
}
