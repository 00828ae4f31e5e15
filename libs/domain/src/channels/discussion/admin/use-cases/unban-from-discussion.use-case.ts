import { Service } from 'typedi';
import { Database, DiscussionBanModel } from '@platform/db';
import { AdminActor, readStrictBody } from '../../../../shared';
import { ChannelSoftDeleted } from '../../../channels.errors';
import { DiscussionRepository } from '../../discussion.repository';
import { DiscussionModerationLogService } from '../discussion-moderation-log.service';
import { ModerationReasonDto } from '../dto/admin-message.dto';
import { DiscussionUsersService } from '../discussion-users.service';
import { DiscussionLiftView } from '../moderation.views';

/**
 * DELETE /api/admin/channels/:id/discussion/bans/:userId (optional body { reason }): lifts the
 * ban. Idempotent: a user who is not banned answers `removed: false`, and only a ban removed
 * records an unban. Under the discussion's row lock, like the ban.
 */
@Service()
export class UnbanFromDiscussionUseCase {
  constructor(
    private readonly db: Database,
    private readonly discussions: DiscussionRepository,
    private readonly users: DiscussionUsersService,
    private readonly log: DiscussionModerationLogService,
  ) {}

  async execute(admin: AdminActor, channelId: number, userIdParam: string, body: unknown): Promise<DiscussionLiftView> {
    const userId = this.users.requireUserIdParam(userIdParam);
    const dto = body === undefined ? new ModerationReasonDto() : readStrictBody(ModerationReasonDto, body);
    return this.db.transaction(async (tx) => {
      const { channel, discussion } = await this.discussions.requireOfChannel(channelId, tx, true);
      if (channel.status === 'soft_deleted') throw ChannelSoftDeleted();
      const removed = (await DiscussionBanModel.destroy({ where: { discussionId: discussion.id, userId }, transaction: tx })) > 0;
      if (removed) await this.log.record(admin, discussion.id, { action: 'unban', userId, reason: dto.reason }, tx);
      return { discussionId: discussion.id, userId, removed };
    });
  }
}
