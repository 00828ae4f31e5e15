import { Service } from 'typedi';
import { DiscussionMuteModel } from '@platform/db';
import { AdminActor, Clock } from '../../../../shared';
import { DiscussionModerationActsService } from '../discussion-moderation-acts.service';
import { DiscussionUsersService } from '../discussion-users.service';
import { readModerationReason } from '../dto/admin-message.dto';
import { DiscussionLiftView } from '../moderation.views';

/**
 * DELETE /api/admin/channels/:id/discussion/mutes/:userId (optional body { reason }): ends the
 * user's mute now. Idempotent: `removed` says whether a mute was still in force, and only then is
 * an unmute recorded (a mute past its end is cleared silently: it had ended by itself).
 */
@Service()
export class UnmuteInDiscussionUseCase {
  constructor(
    private readonly acts: DiscussionModerationActsService,
    private readonly users: DiscussionUsersService,
    private readonly clock: Clock,
  ) {}

  async execute(admin: AdminActor, channelId: number, userIdParam: string, body: unknown): Promise<DiscussionLiftView> {
    const userId = this.users.requireUserIdParam(userIdParam);
    const reason = readModerationReason(body);
    return this.acts.lift(admin, channelId, { userId, reason, action: 'unmute' }, async (target, tx) => {
      const mute = await DiscussionMuteModel.findOne({ where: target, transaction: tx });
      if (!mute) return false;
      const inForce = mute.mutedUntil.getTime() > this.clock.now().getTime();
      await mute.destroy({ transaction: tx });
      return inForce;
    });
  }
}
