import { Service } from 'typedi';
import { Database } from '@platform/db';
import { AdminActor, Clock } from '../../../../shared';
import { ChannelPostEvents } from '../../../channel-post.events';
import { ChannelRepository } from '../../../channel.repository';
import { ChannelSoftDeleted } from '../../../channels.errors';
import { ChannelPostView, toChannelPostView } from '../post.views';

/**
 * Deletes a post as a tombstone (community-content-uploads.md "Channel post": deleted posts remain):
 * isDeleted, deletedAt and deletedByAdminId are set and a pin is dropped (a tombstone is never
 * pinned); the content stays for admins, and the id keeps its place in the cursor. Deleting it
 * again answers the tombstone as it is, with no second post.deleted. A post of a soft-deleted
 * channel is 422 CHANNEL_SOFT_DELETED until the channel is restored.
 */
@Service()
export class DeleteChannelPostUseCase {
  constructor(
    private readonly db: Database,
    private readonly channels: ChannelRepository,
    private readonly events: ChannelPostEvents,
    private readonly clock: Clock,
  ) {}

  execute(admin: AdminActor, channelId: number, postId: string): Promise<ChannelPostView> {
    return this.db.transaction(async (tx) => {
      const channel = await this.channels.requireChannel(channelId, tx, 'channel');
      const post = await this.channels.requirePost(channel.id, postId, tx, true);
      if (channel.status === 'soft_deleted') throw ChannelSoftDeleted();
      if (post.isDeleted) return toChannelPostView(post, post.attachments);
      const now = this.clock.now();
      post.set({ isDeleted: true, deletedAt: now, deletedByAdminId: admin.id, isPinned: false, pinnedAt: null });
      await post.save({ transaction: tx });
      await this.events.record('post.deleted', channel.id, post.id, tx);
      return toChannelPostView(post, post.attachments);
    });
  }
}
