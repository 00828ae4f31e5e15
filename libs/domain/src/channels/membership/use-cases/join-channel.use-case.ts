import { Service } from 'typedi';
import { Clock, CustomerActor, readEmptyBody } from '../../../shared';
import { ChannelAccessService } from '../../access';
import { ChannelRepository } from '../../channel.repository';
import { ChannelAccessDenied, ChannelNotFound } from '../../channels.errors';
import { ChannelMembershipRepository } from '../channel-membership.repository';
import { ChannelMembershipNotBroadcast } from '../membership.errors';
import { ChannelMembershipView, toMembershipView } from '../membership.views';

/**
 * POST /api/mobile/channels/:id/join (community-content-uploads.md "Membership and access", rule
 * 1): subscribes the caller to a broadcast channel's push. In this order, so nothing leaks:
 * a channel the caller may not see (soft-deleted, or PRIVATE and neither readable nor joined) is
 * 404; a PREMIUM_VIEW_ONLY one is 422; one they may not read now (ChannelAccessService) is 403.
 * Repeating it answers the joined state unchanged. An archived channel can be joined: it stays
 * readable, and joining only subscribes to push, which an archived channel sends none of. Takes no
 * body (absent or `{}`; any key is 422).
 */
@Service()
export class JoinChannelUseCase {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly access: ChannelAccessService,
    private readonly memberships: ChannelMembershipRepository,
    private readonly clock: Clock,
  ) {}

  async execute(actor: CustomerActor, channelId: number, body?: unknown): Promise<ChannelMembershipView> {
    readEmptyBody(body);
    const channel = await this.channels.requireChannel(channelId);
    const at = this.clock.now();
    const access = await this.access.decide(channel, { userId: actor.id }, at);
    if (!access.canSee) throw ChannelNotFound();
    if (channel.kind !== 'BROADCAST') throw ChannelMembershipNotBroadcast('join');
    if (!access.canRead) throw ChannelAccessDenied();
    return toMembershipView(await this.memberships.join({ channelId: channel.id, userId: actor.id }, at));
  }
}
