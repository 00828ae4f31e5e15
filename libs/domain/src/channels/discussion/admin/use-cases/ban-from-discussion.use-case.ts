import { Service } from 'typedi';
import { Database, DiscussionBanModel } from '@platform/db';
import { AdminActor, Clock, readStrictBody, RealtimeAccessRecheck } from '../../../../shared';
import { ChannelSoftDeleted } from '../../../channels.errors';
import { DiscussionRepository } from '../../discussion.repository';
import { DiscussionModerationLogService } from '../discussion-moderation-log.service';
import { BanFromDiscussionDto } from '../dto/moderation.dto';
import { DiscussionUsersService } from '../discussion-users.service';
import { DiscussionBanView, toBanView } from '../moderation.views';

/**
 * POST /api/admin/channels/:id/discussion/bans { user_id, reason? }: the user may no longer post,
 * edit or delete in the discussion (nor join its room). Idempotent: banning a banned user answers
 * the existing ban (`created` false) and records nothing. Under the discussion's row lock, which
 * message writers take first, so a post racing the ban either committed before it or sees it; two
 * bans of one user queue there too (and the primary key would refuse a second row anyway). An
 * unknown user is 422 UNPROCESSABLE naming user_id; a soft-deleted channel 422 CHANNEL_SOFT_DELETED.
 */
@Service()
export class BanFromDiscussionUseCase {
  constructor(
    private readonly db: Database,
    private readonly discussions: DiscussionRepository,
    private readonly users: DiscussionUsersService,
    private readonly log: DiscussionModerationLogService,
    private readonly clock: Clock,
    private readonly realtimeRecheck: RealtimeAccessRecheck,
  ) {}

  async execute(admin: AdminActor, channelId: number, body: unknown): Promise<{ ban: DiscussionBanView; created: boolean }> {
    const dto = readStrictBody(BanFromDiscussionDto, body);
    return this.db.transaction(async (tx) => {
      const { channel, discussion } = await this.discussions.requireOfChannel(channelId, tx, true);
      if (channel.status === 'soft_deleted') throw ChannelSoftDeleted();
      const userId = dto.user_id.toLowerCase();
      await this.users.requireUser(userId, tx);
      const existing = await DiscussionBanModel.findOne({ where: { discussionId: discussion.id, userId }, transaction: tx });
      if (existing) return { ban: toBanView(existing), created: false };
      const reason = dto.reason ?? null;
      const ban = await DiscussionBanModel.create(
        { discussionId: discussion.id, userId, bannedByAdminId: admin.id, reason, createdAt: this.clock.now() },
        { transaction: tx },
      );
      await this.log.record(admin, discussion.id, { action: 'ban', userId, reason }, tx);
      // The banned user's sockets leave the discussion's room after commit.
      this.realtimeRecheck.user(userId, tx);
      return { ban: toBanView(ban), created: true };
    });
  }
}
