import { Service } from 'typedi';
import { Clock, CustomerActor, readEmptyBody } from '../../../shared';
import { ChannelAccessService } from '../../access';
import { ChannelRepository } from '../../channel.repository';
import { ChannelNotFound } from '../../channels.errors';
import { ChannelMembershipRepository } from '../channel-membership.repository';
import { ChannelMembershipNotBroadcast } from '../membership.errors';
import { ChannelMembershipView, neverJoined, toMembershipView } from '../membership.views';

/**
 * POST /api/mobile/channels/:id/leave (community-content-uploads.md "Membership and access", rule
 * 1): unsubscribes the caller from a broadcast channel's push at once (ChannelAccessService reads
 * the row, so getsPush is false from the commit on). Needs no access: a member whose entitlement
 * ended leaves too. Idempotent: leaving again answers the left state as it was; a caller who never
 * joined gets `{ isJoined: false, joinedAt: null, leftAt: null }` and no row. 404 for a soft-deleted
 * channel, and for one the caller may not see unless they have a membership row of it (a PRIVATE
 * channel they left after losing access); then 422 for a PREMIUM_VIEW_ONLY channel. No body.
 */
@Service()
export class LeaveChannelUseCase {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly access: ChannelAccessService,
    private readonly memberships: ChannelMembershipRepository,
    private readonly clock: Clock,
  ) {}

  async execute(actor: CustomerActor, channelId: number, body?: unknown): Promise<ChannelMembershipView> {
    readEmptyBody(body);
    const channel = await this.channels.requireChannel(channelId);
    if (channel.status === 'soft_deleted') throw ChannelNotFound();
    const owner = { channelId: channel.id, userId: actor.id };
    const at = this.clock.now();
    const { canSee } = await this.access.decide(channel, { userId: actor.id }, at);
    if (!canSee && !(await this.memberships.find(owner))) throw ChannelNotFound();
    if (channel.kind !== 'BROADCAST') throw ChannelMembershipNotBroadcast('leave');
    const row = await this.memberships.leave(owner, at);
    return row ? toMembershipView(row) : neverJoined(channel.id);
  }
}
