import { Service } from 'typedi';
import { ChannelPostModel } from '@platform/db';
import type { ChannelBroadcast, ChannelPushAudience, ChannelPushAudiencePage } from '../../shared';
import { ChannelAccessService } from '../access';
import { ChannelRepository } from '../channel.repository';
import { ChannelMembershipRepository } from '../membership/channel-membership.repository';

const NOBODY: ChannelPushAudiencePage = { userIds: [], next: null };

/**
 * A post's broadcast push recipients (community-content-uploads.md "Events"; issue 22 "Broadcast
 * push"): the channel's joined members whom the one access function gives its push
 * (ChannelAccessService.pushRecipients: a BROADCAST channel they may read now, or a gated one
 * whose key they lost less than 7 days ago). The channel and the post are read on every page, so
 * a channel soft-deleted, re-kinded or re-gated mid-way, or a post deleted, stops the rest.
 */
@Service()
export class ChannelPushAudienceService implements ChannelPushAudience {
  constructor(
    private readonly access: ChannelAccessService,
    private readonly channels: ChannelRepository,
    private readonly memberships: ChannelMembershipRepository,
  ) {}

  async page({ channelId, postId }: ChannelBroadcast, after: string | null, limit: number, at: Date): Promise<ChannelPushAudiencePage> {
    const channel = await this.channels.findChannel(channelId);
    const post = channel ? await ChannelPostModel.findOne({ where: { id: postId, channelId }, attributes: ['isDeleted'] }) : null;
    if (!channel || !post || post.isDeleted) return NOBODY;
    const memberIds = await this.memberships.joinedMemberIds(channelId, after, limit);
    return {
      userIds: await this.access.pushRecipients(channel, memberIds, at),
      next: memberIds.length === limit ? memberIds[memberIds.length - 1] : null,
    };
  }
}
