import { Service } from 'typedi';
import { Database, Transaction } from '@platform/db';

/** A stored key of a channel's attachments (one row per channel and key). */
export interface ChannelStoredKey {
  channelId: number;
  storageKey: string;
}

/**
 * Posts deleted per statement. Each DELETE cascades to the posts' attachments and queues the
 * deferred attachment-count check for every attachment row, so a channel with a million posts
 * goes in bounded statements rather than one cascade the size of the channel. They still share
 * the batch's transaction: a channel is purged whole or not at all, so a restore never meets half
 * a channel, and its objects go only if its rows go with them.
 */
export const CHANNEL_PURGE_POST_CHUNK = 5_000;

const idArray = (ids: readonly number[]): string => `{${ids.join(',')}}`;

/** The SQL of the purge of soft-deleted channels (migration 0016): claim, look up keys, delete. */
@Service()
export class ChannelPurgeRepository {
  constructor(private readonly db: Database) {}

  /**
   * Locks up to `limit` soft-deleted channels whose `purge_after` has passed (oldest first), skipping
   * rows another run or a restore holds and the channels in `except`. The lock keeps a restore
   * (which locks the channel first) waiting until the purge commits; it then finds no channel.
   */
  async lockDue(now: Date, limit: number, except: readonly number[], tx: Transaction): Promise<number[]> {
    const [rows] = await this.db.sequelize.query(
      `SELECT c.id FROM channels c
       WHERE c.status = 'soft_deleted' AND c.purge_after IS NOT NULL AND c.purge_after <= :now
         AND NOT (c.id = ANY (CAST(:except AS integer[])))
       ORDER BY c.purge_after, c.id
       LIMIT :limit
       FOR UPDATE OF c SKIP LOCKED`,
      { replacements: { now, limit, except: idArray(except) }, transaction: tx },
    );
    return (rows as Array<{ id: number }>).map((row) => row.id);
  }

  /** The distinct stored keys of the attachments of these channels' posts (tombstones included). */
  async storedKeys(channelIds: readonly number[], tx: Transaction): Promise<ChannelStoredKey[]> {
    const [rows] = await this.db.sequelize.query(
      `SELECT DISTINCT p.channel_id AS "channelId", a.storage_key AS "storageKey"
       FROM channel_post_attachments a JOIN channel_posts p ON p.id = a.post_id
       WHERE p.channel_id = ANY (CAST(:channelIds AS integer[]))`,
      { replacements: { channelIds: idArray(channelIds) }, transaction: tx },
    );
    return rows as ChannelStoredKey[];
  }

  /**
   * Deletes the channels: each one's posts first, CHANNEL_PURGE_POST_CHUNK at a time (their
   * attachments cascade), then the channel rows (access policy, discussion and part 2's
   * memberships cascade). Answers what went.
   */
  async deleteChannels(channelIds: readonly number[], tx: Transaction): Promise<{ channels: number; posts: number; attachments: number }> {
    const total = { channels: 0, posts: 0, attachments: 0 };
    for (const channelId of channelIds) {
      for (let deleted = CHANNEL_PURGE_POST_CHUNK; deleted === CHANNEL_PURGE_POST_CHUNK; ) {
        const chunk = await this.deletePostChunk(channelId, tx);
        deleted = chunk.posts;
        total.posts += chunk.posts;
        total.attachments += chunk.attachments;
      }
    }
    const [deleted] = await this.db.sequelize.query(`DELETE FROM channels WHERE id = ANY (CAST(:channelIds AS integer[])) RETURNING id`, {
      replacements: { channelIds: idArray(channelIds) },
      transaction: tx,
    });
    total.channels = (deleted as unknown[]).length;
    return total;
  }

  /** Up to CHANNEL_PURGE_POST_CHUNK posts of the channel (by id, on channel_posts_channel_id_idx); attachment_count is their attachment rows. */
  private async deletePostChunk(channelId: number, tx: Transaction): Promise<{ posts: number; attachments: number }> {
    const [[chunk]] = (await this.db.sequelize.query(
      `WITH gone AS (
         DELETE FROM channel_posts WHERE id IN (
           SELECT p.id FROM channel_posts p WHERE p.channel_id = :channelId ORDER BY p.id LIMIT :chunk)
         RETURNING attachment_count)
       SELECT count(*)::int AS posts, COALESCE(sum(attachment_count), 0)::int AS attachments FROM gone`,
      { replacements: { channelId, chunk: CHANNEL_PURGE_POST_CHUNK }, transaction: tx },
    )) as unknown as [Array<{ posts: number; attachments: number }>];
    return chunk;
  }
}
