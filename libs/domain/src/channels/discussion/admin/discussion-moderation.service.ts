import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import {
  Clock,
  CursorPage,
  IdCursor,
  idCursorPage,
  IdCursorQuery,
  idKeyset,
  KeysetRow,
  ListCursorsService,
  SortedCursor,
  sortedKeyset,
  SortedPageQuery,
} from '../../../shared';
import { DiscussionRepository } from '../discussion.repository';
import { DiscussionBanView, DiscussionModerationActionView, DiscussionMuteView } from './moderation.views';

/** The bans list: newest first, an opaque cursor over (created_at, user_id). */
export const DISCUSSION_BAN_LIST = { list: 'discussion.bans', sort: 'createdAt', order: 'desc' } as const;
/** The mutes list: the most recently set first, an opaque cursor over (updated_at, user_id). */
export const DISCUSSION_MUTE_LIST = { list: 'discussion.mutes', sort: 'updatedAt', order: 'desc' } as const;

/**
 * Admin reads of a discussion's moderation (CONTRACT section 10): who is banned, who is muted now
 * (a mute past its end is no longer listed), and the moderation log, newest first. Bans and mutes
 * have no serial id, so they page by an opaque cursor over their time and user id; the log pages
 * by id as the message list does.
 */
@Service()
export class DiscussionModerationService {
  constructor(
    private readonly db: Database,
    private readonly discussions: DiscussionRepository,
    private readonly cursors: ListCursorsService,
    private readonly clock: Clock,
  ) {}

  async bans(channelId: number, page: SortedPageQuery): Promise<CursorPage<DiscussionBanView, SortedCursor>> {
    const { discussion } = await this.discussions.requireOfChannel(channelId);
    const keyset = sortedKeyset(page, { sort: 'b.created_at', id: 'b.user_id', type: 'timestamptz' });
    const rows = await this.db.sequelize.query<DiscussionBanView & KeysetRow>(
      `SELECT b.discussion_id AS "discussionId", b.user_id AS "userId", b.banned_by_admin_id AS "bannedByAdminId", b.reason,
              b.created_at AS "createdAt", ${keyset.select}
         FROM discussion_bans b
        WHERE b.discussion_id = :discussionId AND ${keyset.where}
        ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`,
      { type: QueryTypes.SELECT, replacements: { discussionId: discussion.id, ...keyset.replacements } },
    );
    return this.cursors.page(rows, page);
  }

  /** Mutes in force now (muted_until after the Clock's now). */
  async mutes(channelId: number, page: SortedPageQuery): Promise<CursorPage<DiscussionMuteView, SortedCursor>> {
    const { discussion } = await this.discussions.requireOfChannel(channelId);
    const keyset = sortedKeyset(page, { sort: 'u.updated_at', id: 'u.user_id', type: 'timestamptz' });
    const rows = await this.db.sequelize.query<DiscussionMuteView & KeysetRow>(
      `SELECT u.discussion_id AS "discussionId", u.user_id AS "userId", u.muted_until AS "mutedUntil",
              u.muted_by_admin_id AS "mutedByAdminId", u.reason, u.created_at AS "createdAt", u.updated_at AS "updatedAt",
              ${keyset.select}
         FROM discussion_mutes u
        WHERE u.discussion_id = :discussionId AND u.muted_until > :now AND ${keyset.where}
        ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`,
      { type: QueryTypes.SELECT, replacements: { discussionId: discussion.id, now: this.clock.now(), ...keyset.replacements } },
    );
    return this.cursors.page(rows, page);
  }

  /** The moderation log, newest first (by id, over discussion_moderation_actions_discussion_idx). */
  async actions(channelId: number, query: IdCursorQuery): Promise<CursorPage<DiscussionModerationActionView, IdCursor>> {
    const { discussion } = await this.discussions.requireOfChannel(channelId);
    const keyset = idKeyset(query, 'a.id');
    const rows = await this.db.sequelize.query<DiscussionModerationActionView>(
      `SELECT a.id::text AS id, a.discussion_id AS "discussionId", a.action, a.admin_id AS "adminId", a.user_id AS "userId",
              a.message_id::text AS "messageId", a.muted_until AS "mutedUntil", a.reason, a.changes,
              a.created_at AS "createdAt"
         FROM discussion_moderation_actions a
        WHERE a.discussion_id = :discussionId AND ${keyset.where}
        ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`,
      { type: QueryTypes.SELECT, replacements: { discussionId: discussion.id, ...keyset.replacements } },
    );
    return idCursorPage(rows, query, (action) => action.id);
  }
}
