import { Service } from 'typedi';
import { Database, DiscussionMuteModel } from '@platform/db';
import { AdminActor, BodyUnprocessable, Clock, readStrictBody } from '../../../../shared';
import { ChannelSoftDeleted } from '../../../channels.errors';
import { DiscussionRepository } from '../../discussion.repository';
import { DiscussionModerationLogService } from '../discussion-moderation-log.service';
import { MuteInDiscussionDto } from '../dto/moderation.dto';
import { DiscussionUsersService } from '../discussion-users.service';
import { DiscussionMuteView, toMuteView } from '../moderation.views';

/**
 * POST /api/admin/channels/:id/discussion/mutes { user_id, muted_until, reason? }: the user may
 * read but not post until `muted_until`, which must be in the future by the app's Clock (422
 * naming it). A mute replaces the user's earlier one whole (until, admin, reason), and every mute
 * is a log entry with its end. `created` says whether the user was not muted before (no row, or one
 * already past its end). Under the discussion's row lock, like the ban.
 */
@Service()
export class MuteInDiscussionUseCase {
  constructor(
    private readonly db: Database,
    private readonly discussions: DiscussionRepository,
    private readonly users: DiscussionUsersService,
    private readonly log: DiscussionModerationLogService,
    private readonly clock: Clock,
  ) {}

  async execute(admin: AdminActor, channelId: number, body: unknown): Promise<{ mute: DiscussionMuteView; created: boolean }> {
    const dto = readStrictBody(MuteInDiscussionDto, body);
    const mutedUntil = new Date(dto.muted_until);
    const now = this.clock.now();
    if (mutedUntil.getTime() <= now.getTime()) {
      throw BodyUnprocessable([{ field: 'muted_until', code: 'isFuture', message: `muted_until must be in the future (now is ${now.toISOString()})` }]);
    }
    return this.db.transaction(async (tx) => {
      const { channel, discussion } = await this.discussions.requireOfChannel(channelId, tx, true);
      if (channel.status === 'soft_deleted') throw ChannelSoftDeleted();
      const userId = dto.user_id.toLowerCase();
      await this.users.requireUser(userId, tx);
      const reason = dto.reason ?? null;
      const existing = await DiscussionMuteModel.findOne({ where: { discussionId: discussion.id, userId }, transaction: tx });
      const created = !existing || existing.mutedUntil.getTime() <= now.getTime();
      // Times are the Clock's (a mute is judged by it); `silent` keeps sequelize from stamping its own updatedAt.
      const fields = { mutedUntil, mutedByAdminId: admin.id, reason, updatedAt: now, ...(created ? { createdAt: now } : {}) };
      const where = { discussionId: discussion.id, userId };
      const mute = existing
        ? (await DiscussionMuteModel.update(fields, { where, transaction: tx, silent: true, returning: true }))[1][0]
        : await DiscussionMuteModel.create({ ...where, ...fields }, { transaction: tx, silent: true });
      await this.log.record(admin, discussion.id, { action: 'mute', userId, mutedUntil, reason }, tx);
      return { mute: toMuteView(mute), created };
    });
  }
}
