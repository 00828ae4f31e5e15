import { Service } from 'typedi';
import { Database, DiscussionBanModel, DiscussionMessageModel, DiscussionMuteModel, Op, Transaction } from '@platform/db';
import { idKeyset, IdCursorQuery } from '../../../shared';

/** One user in one discussion: every customer-scoped read here names both. */
export interface DiscussionMember {
  discussionId: number;
  userId: string;
}

/** The SQL of the member routes: message pages, and whether a member is banned or muted now. */
@Service()
export class MobileDiscussionRepository {
  constructor(private readonly db: Database) {}

  /**
   * A page of the discussion's messages, newest first (idKeyset over before_id: `limit + 1` rows,
   * no OFFSET), tombstones included: a range scan of discussion_messages_page_idx (discussion_id, id DESC).
   */
  page(discussionId: number, query: IdCursorQuery): Promise<DiscussionMessageModel[]> {
    const keyset = idKeyset(query, 'm.id');
    return this.db.sequelize.query<DiscussionMessageModel>(
      `SELECT m.* FROM discussion_messages m
        WHERE m.discussion_id = :discussionId AND ${keyset.where}
        ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`,
      { replacements: { discussionId, ...keyset.replacements }, model: DiscussionMessageModel, mapToModel: true },
    );
  }

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
