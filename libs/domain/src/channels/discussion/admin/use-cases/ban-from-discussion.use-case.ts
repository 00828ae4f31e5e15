import { Service } from 'typedi';
import { DiscussionBanModel } from '@platform/db';
import { AdminActor, Clock, readStrictBody, RealtimeAccessRecheck } from '../../../../shared';
import { DiscussionModerationActsService } from '../discussion-moderation-acts.service';
import { BanFromDiscussionDto } from '../dto/moderation.dto';
import { DiscussionBanView, toBanView } from '../moderation.views';

/** The ban now in force, and whether this request made it. */
type BanOutcome = { ban: DiscussionBanView; created: boolean };

/**
 * POST /api/admin/channels/:id/discussion/bans { user_id, reason? }: the user may no longer post,
 * edit or delete in the discussion (nor join its room). Idempotent: banning a banned user answers
 * the existing ban (`created` false) and records nothing. Under the discussion's row lock
 * (DiscussionModerationActsService), where two bans of one user queue too (and the primary key
 * would refuse a second row anyway). An unknown user is 422 UNPROCESSABLE naming user_id; a
 * soft-deleted channel 422 CHANNEL_SOFT_DELETED.
 */
@Service()
export class BanFromDiscussionUseCase {
  constructor(
    private readonly acts: DiscussionModerationActsService,
    private readonly clock: Clock,
    private readonly realtimeRecheck: RealtimeAccessRecheck,
  ) {}

  async execute(admin: AdminActor, channelId: number, body: unknown): Promise<BanOutcome> {
    const dto = readStrictBody(BanFromDiscussionDto, body);
    return this.acts.onUser<BanOutcome>(admin, channelId, dto.user_id, async (target, tx) => {
      const existing = await DiscussionBanModel.findOne({ where: target, transaction: tx });
      if (existing) return { result: { ban: toBanView(existing), created: false }, entry: null };
      const reason = dto.reason ?? null;
      const ban = await DiscussionBanModel.create({ ...target, bannedByAdminId: admin.id, reason, createdAt: this.clock.now() }, { transaction: tx });
      // The banned user's sockets leave the discussion's room after commit.
      this.realtimeRecheck.user(target.userId, tx);
      return { result: { ban: toBanView(ban), created: true }, entry: { action: 'ban', userId: target.userId, reason } };
    });
  }
}
