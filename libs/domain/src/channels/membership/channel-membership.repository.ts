import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import type { MembershipRow, ReadStateRow } from './membership.views';

/** One user's row of one channel: every query here takes both (the owner is in the filter type). */
export interface MembershipOwner {
  channelId: number;
  userId: string;
}

const MEMBERSHIP = `channel_id AS "channelId", is_joined AS "isJoined", joined_at AS "joinedAt", left_at AS "leftAt"`;

/**
 * SQL of channel_memberships and channel_read_states (migration 0017). Each write is one
 * statement on the (channel, user) row: ON CONFLICT and UPDATE take the row lock and re-read the
 * latest version, so concurrent joins, leaves and read-state posts of one user serialize on it.
 */
@Service()
export class ChannelMembershipRepository {
  constructor(private readonly db: Database) {}

  /**
   * Joined at `at`, or, already joined, the row as it is (joined_at kept: repeating a join changes
   * nothing). A re-join never dates itself before the last leave, so concurrent requests whose
   * clocks were read in another order still leave joined_at, left_at in order.
   */
  async join(owner: MembershipOwner, at: Date): Promise<MembershipRow> {
    const [row] = await this.select<MembershipRow>(
      `INSERT INTO channel_memberships AS cm (channel_id, user_id, is_joined, joined_at, left_at, created_at, updated_at)
       VALUES (:channelId, :userId, true, :at, NULL, :at, :at)
       ON CONFLICT (channel_id, user_id) DO UPDATE SET
         is_joined = true,
         left_at = NULL,
         joined_at = CASE WHEN cm.is_joined THEN cm.joined_at ELSE GREATEST(EXCLUDED.joined_at, cm.left_at) END,
         updated_at = CASE WHEN cm.is_joined THEN cm.updated_at ELSE EXCLUDED.updated_at END
       RETURNING ${MEMBERSHIP}`,
      { ...owner, at },
    );
    return row;
  }

  /**
   * Joined → left at `at` (never before joined_at: the CHECK channel_memberships_left). A left row
   * stays as it was; null when the user has no row (never joined).
   */
  async leave(owner: MembershipOwner, at: Date): Promise<MembershipRow | null> {
    const [left] = await this.select<MembershipRow>(
      `UPDATE channel_memberships
          SET is_joined = false, left_at = GREATEST(CAST(:at AS timestamptz), joined_at), updated_at = :at
        WHERE channel_id = :channelId AND user_id = :userId AND is_joined
        RETURNING ${MEMBERSHIP}`,
      { ...owner, at },
    );
    return left ?? this.find(owner);
  }

  /**
   * Up to `limit` joined members of the channel after `after` (a user id; null: from the first),
   * in user id order: a keyset over channel_memberships_joined_idx, as cheap at member 100,000
   * as at the first (the broadcast push's pages).
   */
  async joinedMemberIds(channelId: number, after: string | null, limit: number): Promise<string[]> {
    const rows = await this.select<{ userId: string }>(
      `SELECT user_id AS "userId" FROM channel_memberships
       WHERE channel_id = :channelId AND is_joined AND (CAST(:after AS uuid) IS NULL OR user_id > CAST(:after AS uuid))
       ORDER BY user_id LIMIT :limit`,
      { channelId, after, limit },
    );
    return rows.map((row) => row.userId);
  }

  async find(owner: MembershipOwner): Promise<MembershipRow | null> {
    const [row] = await this.select<MembershipRow>(
      `SELECT ${MEMBERSHIP} FROM channel_memberships WHERE channel_id = :channelId AND user_id = :userId`,
      { ...owner },
    );
    return row ?? null;
  }

  /**
   * The read cursor moved to `postId` clamped to the channel's newest post (0 without posts), or
   * kept when it is already further: GREATEST in the upsert, so the cursor never moves backward
   * whatever order concurrent posts commit in (rule 3). last_seen_at is the latest report's time,
   * never moved backward either. The newest post comes from channel_posts_channel_id_idx.
   */
  async markSeen(owner: MembershipOwner, postId: string, at: Date): Promise<ReadStateRow> {
    const [row] = await this.select<ReadStateRow>(
      `INSERT INTO channel_read_states AS rs (channel_id, user_id, last_seen_post_id, last_seen_at)
       SELECT CAST(:channelId AS integer), CAST(:userId AS uuid),
              LEAST(CAST(:postId AS bigint), COALESCE((SELECT max(p.id) FROM channel_posts p WHERE p.channel_id = :channelId), 0)),
              CAST(:at AS timestamptz)
       ON CONFLICT (channel_id, user_id) DO UPDATE SET
         last_seen_post_id = GREATEST(rs.last_seen_post_id, EXCLUDED.last_seen_post_id),
         last_seen_at = GREATEST(rs.last_seen_at, EXCLUDED.last_seen_at)
       RETURNING channel_id AS "channelId", last_seen_post_id AS "lastSeenPostId", last_seen_at AS "lastSeenAt"`,
      { ...owner, postId, at },
    );
    return row;
  }

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }
}
