import { Service } from 'typedi';
import { DiscussionBanModel, DiscussionMuteModel, Op, Transaction } from '@platform/db';

/** One user in one discussion: every customer-scoped read here names both. */
export interface DiscussionMember {
  discussionId: number;
  userId: string;
}

/** The SQL of the member routes: whether a member is banned or muted now (message pages: DiscussionMessagesRepository). */
@Service()
export class MobileDiscussionRepository {
  async isBanned(member: DiscussionMember, tx?: Transaction): Promise<boolean> {
    const ban = await DiscussionBanModel.findOne({ where: { ...member }, attributes: ['userId'], transaction: tx });
    return ban !== null;
  }

  /** The end of the member's mute when it is still running at `at`; null when not muted. */
  async mutedUntil(member: DiscussionMember, at: Date, tx?: Transaction): Promise<Date | null> {
    const mute = await DiscussionMuteModel.findOne({ where: { ...member, mutedUntil: { [Op.gt]: at } }, attributes: ['mutedUntil'], transaction: tx });
    return mute?.mutedUntil ?? null;
  }
}
