import { Service } from 'typedi';
import { ChannelPostAttachmentModel, ChannelPostModel, ChannelPostType, Database, Op, Transaction } from '@platform/db';
import { idKeyset, IdCursorQuery } from '../../../shared';
import type { PostWithAttachments } from '../../channel.repository';
import type { ResolvedAttachment } from './post-attachment-files.service';

export interface NewChannelPost {
  channelId: number;
  type: ChannelPostType;
  bodyText: string | null;
  linkUrl: string | null;
  chartPayloadJson: Record<string, unknown> | null;
  publishedAt: Date;
  createdByAdminId: string;
  isPinned: boolean;
  pinnedAt: Date | null;
}

/**
 * The SQL of channel posts and their attachments. A post's attachment rows and its
 * `attachment_count` change together in one transaction (a deferred trigger checks them at
 * commit); `display_order` is the position in the list the admin sent.
 */
@Service()
export class ChannelPostsRepository {
  constructor(private readonly db: Database) {}

  async insert(post: NewChannelPost, attachments: ResolvedAttachment[], tx: Transaction): Promise<PostWithAttachments> {
    const created = await ChannelPostModel.create({ ...post, attachmentCount: attachments.length }, { transaction: tx });
    created.attachments = await this.insertAttachments(created.id, attachments, tx);
    return created as PostWithAttachments;
  }

  /** Replaces the post's attachment list (the caller saves the post, whose count this sets). */
  async replaceAttachments(post: PostWithAttachments, attachments: ResolvedAttachment[], tx: Transaction): Promise<void> {
    await ChannelPostAttachmentModel.destroy({ where: { postId: post.id }, transaction: tx });
    post.attachments = await this.insertAttachments(post.id, attachments, tx);
    post.attachmentCount = attachments.length;
  }

  /**
   * One page of a channel's posts by id (idKeyset: `limit + 1` rows, no OFFSET), with their
   * attachments. Without tombstones the condition repeats the partial index's `NOT is_deleted`,
   * so the page is a range scan of channel_posts_channel_live_idx; with them, of
   * channel_posts_channel_id_idx.
   */
  async page(channelId: number, query: IdCursorQuery, includeDeleted: boolean): Promise<PostWithAttachments[]> {
    const keyset = idKeyset(query, 'p.id');
    const posts = await this.db.sequelize.query<ChannelPostModel>(
      `SELECT p.* FROM channel_posts p
        WHERE p.channel_id = :channelId${includeDeleted ? '' : ' AND NOT p.is_deleted'} AND ${keyset.where}
        ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`,
      { replacements: { channelId, ...keyset.replacements }, model: ChannelPostModel, mapToModel: true },
    );
    const attachments = posts.length
      ? await ChannelPostAttachmentModel.findAll({
          where: { postId: { [Op.in]: posts.map((post) => post.id) } },
          order: [['postId', 'ASC'], ['displayOrder', 'ASC']],
        })
      : [];
    for (const post of posts) post.attachments = attachments.filter((attachment) => attachment.postId === post.id);
    return posts as PostWithAttachments[];
  }

  private insertAttachments(postId: string, attachments: ResolvedAttachment[], tx: Transaction): Promise<ChannelPostAttachmentModel[]> {
    if (!attachments.length) return Promise.resolve([]);
    return ChannelPostAttachmentModel.bulkCreate(
      attachments.map((attachment, displayOrder) => ({ ...attachment, postId, displayOrder })),
      { transaction: tx, returning: true },
    );
  }
}
