import { Service } from 'typedi';
import { DiscussionBanModel } from '@platform/db';
import { AdminActor } from '../../../../shared';
import { DiscussionModerationActsService } from '../discussion-moderation-acts.service';
import { DiscussionUsersService } from '../discussion-users.service';
import { readModerationReason } from '../dto/admin-message.dto';
import { DiscussionLiftView } from '../moderation.views';

/**
 * DELETE /api/admin/channels/:id/discussion/bans/:userId (optional body { reason }): lifts the
 * ban. Idempotent: a user who is not banned answers `removed: false`, and only a ban removed
 * records an unban. Under the discussion's row lock, like the ban.
 */
@Service()
export class UnbanFromDiscussionUseCase {
  constructor(
    private readonly acts: DiscussionModerationActsService,
    private readonly users: DiscussionUsersService,
  ) {}

  async execute(admin: AdminActor, channelId: number, userIdParam: string, body: unknown): Promise<DiscussionLiftView> {
    const userId = this.users.requireUserIdParam(userIdParam);
    const reason = readModerationReason(body);
    return this.acts.lift(admin, channelId, { userId, reason, action: 'unban' }, async (target, tx) =>
      (await DiscussionBanModel.destroy({ where: target, transaction: tx })) > 0,
    );
  }
}
