import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database, Transaction } from '@platform/db';
import type { DiscussionMember } from './mobile-discussion.repository';

/** What a slow-mode claim answered: the message may go, or the seconds until it may (at least 1). */
export type SlowModeClaim = { granted: true } | { granted: false; retryAfterSeconds: number };

/**
 * Slow mode (community-content-uploads.md "Channels, mobile" rule 5): one user-authored message per
 * interval per (discussion, user), kept in discussion_slow_mode_marks.
 *
 * The check and the record are one conditional upsert in the message's transaction: the mark moves
 * to `at` only when the previous one is at least `interval` old, and a row comes back only then.
 * Concurrent posts of one user meet on the mark row (ON CONFLICT re-checks its WHERE against the
 * committed version), so exactly one of them gets through; a refused or rolled-back post leaves
 * the mark as it was.
 */
@Service()
export class DiscussionSlowModeRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims the member's next message at `at`. `intervalSeconds` null (slow mode off) always grants
   * and records the time, never moving the mark back (two instances' clocks may disagree), so
   * turning slow mode on counts from the member's latest message.
   */
  async claim(member: DiscussionMember, at: Date, intervalSeconds: number | null, tx: Transaction): Promise<SlowModeClaim> {
    const replacements = { ...member, at, interval: intervalSeconds ?? 0 };
    const newMark = intervalSeconds === null ? 'GREATEST(marks.last_message_at, EXCLUDED.last_message_at)' : 'EXCLUDED.last_message_at';
    const condition = intervalSeconds === null ? '' : 'WHERE marks.last_message_at <= CAST(:at AS timestamptz) - make_interval(secs => :interval)';
    const claimed = await this.db.sequelize.query(
      `INSERT INTO discussion_slow_mode_marks AS marks (discussion_id, user_id, last_message_at)
       VALUES (:discussionId, :userId, :at)
       ON CONFLICT (discussion_id, user_id) DO UPDATE SET last_message_at = ${newMark} ${condition}
       RETURNING marks.last_message_at`,
      { replacements, transaction: tx, type: QueryTypes.SELECT },
    );
    if (claimed.length > 0 || intervalSeconds === null) return { granted: true };
    // The upsert left the row locked for this transaction: the mark read here is the one that refused it.
    const [mark] = await this.db.sequelize.query<{ lastMessageAt: Date }>(
      `SELECT last_message_at AS "lastMessageAt" FROM discussion_slow_mode_marks WHERE discussion_id = :discussionId AND user_id = :userId`,
      { replacements, transaction: tx, type: QueryTypes.SELECT },
    );
    const leftMs = new Date(mark.lastMessageAt).getTime() + intervalSeconds * 1000 - at.getTime();
    return { granted: false, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
  }
}
