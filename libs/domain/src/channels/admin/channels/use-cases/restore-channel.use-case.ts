import { Service } from 'typedi';
import { Database } from '@platform/db';
import { readEmptyBody } from '../../../../shared';
import { ChannelRepository } from '../../../channel.repository';
import { ChannelStatusTransitionNotAllowed } from '../../../channels.errors';
import { ChannelDetailView, toChannelDetail } from '../channel.views';

/**
 * POST /api/admin/channels/:id/restore (community-content-uploads.md "Channel status"): only a
 * soft-deleted channel, back to active with deletedAt, deletedByAdminId and purgeAfter cleared;
 * any other status is 422 CHANNEL_STATUS_TRANSITION_NOT_ALLOWED. Takes no body: absent or `{}`, any key is 422.
 */
@Service()
export class RestoreChannelUseCase {
  constructor(
    private readonly db: Database,
    private readonly channels: ChannelRepository,
  ) {}

  async execute(id: number, body?: unknown): Promise<ChannelDetailView> {
    readEmptyBody(body);
    return this.db.transaction(async (tx) => {
      const channel = await this.channels.requireChannel(id, tx, true);
      if (channel.status !== 'soft_deleted') {
        throw ChannelStatusTransitionNotAllowed(`Only a soft_deleted channel can be restored; this one is ${channel.status}`);
      }
      Object.assign(channel, { status: 'active', deletedAt: null, deletedByAdminId: null, purgeAfter: null });
      await channel.save({ transaction: tx });
      return toChannelDetail(channel);
    });
  }
}
