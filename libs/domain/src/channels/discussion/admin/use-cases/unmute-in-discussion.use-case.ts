import { Service } from 'typedi';
import { Database, DiscussionMuteModel } from '@platform/db';
import { AdminActor, Clock, readStrictBody } from '../../../../shared';
import { ChannelSoftDeleted } from '../../../channels.errors';
import { DiscussionRepository } from '../../discussion.repository';
import { DiscussionModerationLogService } from '../discussion-moderation-log.service';
import { ModerationReasonDto } from '../dto/admin-message.dto';
import { DiscussionUsersService } from '../discussion-users.service';
import { DiscussionLiftView } from '../moderation.views';

/**
 * DELETE /api/admin/channels/:id/discussion/mutes/:userId (optional body { reason }): ends the
 * user's mute now. Idempotent: `removed` says whether a mute was still in force, and only then is
 * an unmute recorded (a mute past its end is cleared silently: it had ended by itself).
 */
@Service()
export class UnmuteInDiscussionUseCase {
  constructor(
    private readonly db: Database,
    private readonly discussions: DiscussionRepository,
    private readonly users: DiscussionUsersService,
    private readonly log: DiscussionModerationLogService,
    private readonly clock: Clock,
  ) {}

  async execute(admin: AdminActor, channelId: number, userIdParam: string, body: unknown): Promise<DiscussionLiftView> {
    const userId = this.users.requireUserIdParam(userIdParam);
    const dto = body === undefined ? new ModerationReasonDto() : readStrictBody(ModerationReasonDto, body);
    return this.db.transaction(async (tx) => {
      const { channel, discussion } = await this.discussions.requireOfChannel(channelId, tx, true);
      if (channel.status === 'soft_deleted') throw ChannelSoftDeleted();
      const mute = await DiscussionMuteModel.findOne({ where: { discussionId: discussion.id, userId }, transaction: tx });
      const removed = mute !== null && mute.mutedUntil.getTime() > this.clock.now().getTime();
      if (mute) await mute.destroy({ transaction: tx });
      if (removed) await this.log.record(admin, discussion.id, { action: 'unmute', userId, reason: dto.reason }, tx);
      return { discussionId: discussion.id, userId, removed };
    });
  }
}
