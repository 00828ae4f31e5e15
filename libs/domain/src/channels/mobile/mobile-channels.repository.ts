import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { ChannelAccessPolicyModel, ChannelModel, ChannelPostAttachmentModel, ChannelPostModel, Database, Op } from '@platform/db';
import { IdCursorQuery, idKeyset, KeysetRow, sortedKeyset, SortedPageQuery } from '../../shared';
import { PostVisibility, visibilitySql } from '../access';
import type { ChannelWithPolicy, PostWithAttachments } from '../channel.repository';
import { MobileChannelPostStats, UNREAD_COUNT_CAP } from './mobile-channel.views';

/** Who lists channels: a customer with the feature keys they hold now, or nobody (anonymous). */
export type ChannelSeer = { userId: string; featureKeys: string[] } | null;

/**
 * The SQL of the mobile channel reads (community-content-uploads.md "Channels, mobile"; issue 22).
 * Every filter is in the query, so a page's `limit` and `has_more` are exact.
 */
@Service()
export class MobileChannelsRepository {
  constructor(private readonly db: Database) {}

  /**
   * One keyset page (newest channel first: channels_created_idx) of the channels `seer` may see,
   * the SQL form of ChannelAccessService's canSee: not soft-deleted, and OPEN, or gated PUBLIC,
   * or gated PRIVATE with the channel's feature key held now or a joined membership.
   */
  async seenPage(page: SortedPageQuery, seer: ChannelSeer): Promise<Array<KeysetRow & { id: number }>> {
    const keyset = sortedKeyset(page, { sort: 'c.created_at', id: 'c.id', type: 'timestamptz' });
    const seen = ["c.access_policy = 'OPEN'", "c.visibility = 'PUBLIC'"];
    const replacements: Record<string, unknown> = { ...keyset.replacements };
    if (seer) {
      replacements['userId'] = seer.userId;
      seen.push('EXISTS (SELECT 1 FROM channel_memberships m WHERE m.channel_id = c.id AND m.user_id = :userId AND m.is_joined)');
      if (seer.featureKeys.length) {
        replacements['featureKeys'] = seer.featureKeys;
        seen.push('EXISTS (SELECT 1 FROM channel_access_policies ap WHERE ap.channel_id = c.id AND ap.required_feature_key IN (:featureKeys))');
      }
    }
    return this.db.sequelize.query<KeysetRow & { id: number }>(
      `SELECT c.id, ${keyset.select}
         FROM channels c
        WHERE c.status <> 'soft_deleted' AND (${seen.join(' OR ')}) AND ${keyset.where}
        ORDER BY ${keyset.orderBy}
        LIMIT ${keyset.limit}`,
      { type: QueryTypes.SELECT, replacements },
    );
  }

  /** The channels with their access policies, in the order of `ids` (those gone meanwhile left out). */
  async withPolicies(ids: number[]): Promise<ChannelWithPolicy[]> {
    if (!ids.length) return [];
    const [channels, policies] = await Promise.all([
      ChannelModel.findAll({ where: { id: { [Op.in]: ids } } }),
      ChannelAccessPolicyModel.findAll({ where: { channelId: { [Op.in]: ids } } }),
    ]);
    return ids.flatMap((id) => {
      const channel = channels.find((row) => row.id === id);
      const policy = policies.find((row) => row.channelId === id);
      if (!channel || !policy) return [];
      channel.accessPolicyConfig = policy;
      return [channel as ChannelWithPolicy];
    });
  }

  /**
   * The newest visible, not deleted post's id and the number of those above the reader's read
   * cursor (none: 0), counted through a LIMIT subquery so a channel of a million unread posts
   * costs UNREAD_COUNT_CAP index entries. Both walk channel_posts_channel_live_idx (channel_id, id).
   */
  async postStats(channelId: number, visible: PostVisibility, userId: string | null): Promise<MobileChannelPostStats> {
    const visibility = visibilitySql(visible, 'p.published_at');
    const live = `p.channel_id = :channelId AND NOT p.is_deleted AND ${visibility.where}`;
    const [row] = await this.db.sequelize.query<{ lastPostId: string | null; unreadCount: number }>(
      `SELECT (SELECT p.id FROM channel_posts p WHERE ${live} ORDER BY p.id DESC LIMIT 1)::text AS "lastPostId",
              (SELECT count(*)::int FROM (
                 SELECT 1 FROM channel_posts p
                  WHERE ${live}
                    AND p.id > COALESCE((SELECT r.last_seen_post_id FROM channel_read_states r
                                          WHERE r.channel_id = :channelId AND r.user_id = CAST(:userId AS uuid)), 0)
                  LIMIT ${UNREAD_COUNT_CAP}) unread) AS "unreadCount"`,
      { type: QueryTypes.SELECT, replacements: { channelId, userId, ...visibility.replacements } },
    );
    return { lastPostId: row.lastPostId === null ? null : Number(row.lastPostId), unreadCount: row.unreadCount };
  }

  /**
   * One page of a channel's posts by id (idKeyset: `limit + 1` rows, no OFFSET), tombstones
   * included, only those `visible` by publishedAt (filtered in the query, so `limit` and
   * `has_more` stay exact); a range scan of channel_posts_channel_id_idx.
   */
  async postPage(channelId: number, query: IdCursorQuery, visible: PostVisibility): Promise<PostWithAttachments[]> {
    const keyset = idKeyset(query, 'p.id');
    const visibility = visibilitySql(visible, 'p.published_at');
    const posts = await this.db.sequelize.query<ChannelPostModel>(
      `SELECT p.* FROM channel_posts p
        WHERE p.channel_id = :channelId AND ${visibility.where} AND ${keyset.where}
        ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`,
      { replacements: { channelId, ...visibility.replacements, ...keyset.replacements }, model: ChannelPostModel, mapToModel: true },
    );
    return this.withAttachments(posts);
  }

  /** A post of any channel, with its attachments in display order, or null. `postId` must be a valid bigint id. */
  async post(postId: string): Promise<PostWithAttachments | null> {
    const post = await ChannelPostModel.findByPk(postId);
    return post ? (await this.withAttachments([post]))[0] : null;
  }

  /** Tombstones keep their attachment rows (admins read them) but customers get none, so theirs are not read. */
  private async withAttachments(posts: ChannelPostModel[]): Promise<PostWithAttachments[]> {
    const ids = posts.filter((post) => !post.isDeleted && post.attachmentCount > 0).map((post) => post.id);
    const attachments = ids.length
      ? await ChannelPostAttachmentModel.findAll({ where: { postId: { [Op.in]: ids } }, order: [['postId', 'ASC'], ['displayOrder', 'ASC']] })
      : [];
    for (const post of posts) post.attachments = attachments.filter((attachment) => attachment.postId === post.id);
    return posts as PostWithAttachments[];
  }
}
