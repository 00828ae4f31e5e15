import { Service } from 'typedi';
import { ChannelAccessPolicyModel, ChannelModel, ChannelPostAttachmentModel, ChannelPostModel, Transaction } from '@platform/db';
import { isBigintId, isRowId } from '../shared';
import { ChannelNotFound, ChannelPostNotFound } from './channels.errors';

export type ChannelWithPolicy = ChannelModel & { accessPolicyConfig: ChannelAccessPolicyModel };
export type PostWithAttachments = ChannelPostModel & { attachments: ChannelPostAttachmentModel[] };

/**
 * What `requireChannel` locks inside its transaction: nothing (false), the channel and its access
 * policy (true: channel writes, which may change either), or the channel row only ('channel':
 * post writes, which never change the policy and need not queue behind its readers' writers).
 */
export type ChannelLock = boolean | 'channel';

/** A post id from a path: digits naming a bigint above 0 (anything else names no post). */
export const isPostId = isBigintId;

/**
 * Finds a channel or a post of a channel, or answers its 404. With `lock` (inside `tx`) the rows
 * are locked for the transaction.
 *
 * Lock order, for every writer: the channel, then its access policy or one of its posts. A post
 * write locks its channel first (it bumps the channel's event_seq anyway), so post writes of one
 * channel queue up and two writers never wait on each other.
 */
@Service()
export class ChannelRepository {
  async requireChannel(id: number, tx?: Transaction, lock: ChannelLock = false): Promise<ChannelWithPolicy> {
    const channel = await this.findChannel(id, tx, lock);
    if (!channel) throw ChannelNotFound();
    return channel;
  }

  /** The channel with its access policy, or null when there is none (never created, or purged). */
  async findChannel(id: number, tx?: Transaction, lock: ChannelLock = false): Promise<ChannelWithPolicy | null> {
    if (!isRowId(id)) return null;
    const rowLock = lock && tx ? tx.LOCK.UPDATE : undefined;
    const channel = await ChannelModel.findByPk(id, { transaction: tx, lock: rowLock });
    if (!channel) return null;
    const policy = await ChannelAccessPolicyModel.findByPk(id, { transaction: tx, lock: lock === true ? rowLock : undefined });
    if (!policy) return null;
    channel.accessPolicyConfig = policy;
    return channel as ChannelWithPolicy;
  }

  /** A post of `channelId` with its attachments in display order; a post of another channel is 404. */
  async requirePost(channelId: number, postId: string, tx?: Transaction, lock = false): Promise<PostWithAttachments> {
    const post = isPostId(postId)
      ? await ChannelPostModel.findOne({ where: { id: postId, channelId }, transaction: tx, lock: lock && tx ? tx.LOCK.UPDATE : undefined })
      : null;
    if (!post) throw ChannelPostNotFound();
    post.attachments = await ChannelPostAttachmentModel.findAll({ where: { postId: post.id }, order: [['displayOrder', 'ASC']], transaction: tx });
    return post as PostWithAttachments;
  }
}
