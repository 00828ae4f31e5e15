import { Service } from 'typedi';
import { Database } from '@platform/db';
import { Clock, readStrictBody } from '../../../../shared';
import { ChannelPostEvents } from '../../../channel-post.events';
import { ChannelRepository } from '../../../channel.repository';
import { ChannelPostDeleted, ChannelSoftDeleted } from '../../../channels.errors';
import { PinChannelPostDto } from '../dto/channel-post.dto';
import { ChannelPostView, toChannelPostView } from '../post.views';

/**
 * Pins or unpins a post (community-content-uploads.md "Post"): pin sets isPinned and pinnedAt to
 * now (pinning a pinned post again moves pinnedAt to now), unpin clears both. A deleted post is
 * 422 CHANNEL_POST_DELETED, a post of a soft-deleted channel 422 CHANNEL_SOFT_DELETED. Both moves
 * record post.pinned.
 */
@Service()
export class PinChannelPostUseCase {
  constructor(
    private readonly db: Database,
    private readonly channels: ChannelRepository,
    private readonly events: ChannelPostEvents,
    private readonly clock: Clock,
  ) {}

  execute(channelId: number, postId: string, body: unknown): Promise<ChannelPostView> {
    const { is_pinned: pinned } = readStrictBody(PinChannelPostDto, body);
    return this.db.transaction(async (tx) => {
      const channel = await this.channels.requireChannel(channelId, tx, 'channel');
      const post = await this.channels.requirePost(channel.id, postId, tx, true);
      if (channel.status === 'soft_deleted') throw ChannelSoftDeleted();
      if (post.isDeleted) throw ChannelPostDeleted();
      post.set({ isPinned: pinned, pinnedAt: pinned ? this.clock.now() : null });
      post.changed('updatedAt', true);
      await post.save({ transaction: tx });
      await this.events.record('post.pinned', channel.id, post.id, tx);
      return toChannelPostView(post, post.attachments);
    });
  }
}
