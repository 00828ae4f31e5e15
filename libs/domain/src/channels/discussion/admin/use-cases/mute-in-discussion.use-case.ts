import { Service } from 'typedi';
import { DiscussionMuteModel } from '@platform/db';
import { AdminActor, BodyUnprocessable, Clock, readStrictBody } from '../../../../shared';
import { DiscussionModerationActsService } from '../discussion-moderation-acts.service';
import { MuteInDiscussionDto } from '../dto/moderation.dto';
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
    private readonly acts: DiscussionModerationActsService,
    private readonly clock: Clock,
  ) {}

  async execute(admin: AdminActor, channelId: number, body: unknown): Promise<{ mute: DiscussionMuteView; created: boolean }> {
    const dto = readStrictBody(MuteInDiscussionDto, body);
    const mutedUntil = new Date(dto.muted_until);
    const now = this.clock.now();
    if (mutedUntil.getTime() <= now.getTime()) {
      throw BodyUnprocessable([{ field: 'muted_until', code: 'isFuture', message: `muted_until must be in the future (now is ${now.toISOString()})` }]);
    }
    return this.acts.onUser(admin, channelId, dto.user_id, async (target, tx) => {
      const reason = dto.reason ?? null;
      const existing = await DiscussionMuteModel.findOne({ where: target, transaction: tx });
      const created = !existing || existing.mutedUntil.getTime() <= now.getTime();
      // Times are the Clock's (a mute is judged by it); `silent` keeps sequelize from stamping its own updatedAt.
      const fields = { mutedUntil, mutedByAdminId: admin.id, reason, updatedAt: now, ...(created ? { createdAt: now } : {}) };
      const mute = existing
        ? (await DiscussionMuteModel.update(fields, { where: target, transaction: tx, silent: true, returning: true }))[1][0]
        : await DiscussionMuteModel.create({ ...target, ...fields }, { transaction: tx, silent: true });
      return { result: { mute: toMuteView(mute), created }, entry: { action: 'mute', userId: target.userId, mutedUntil, reason } };
    });
  }
}
