import { Service } from 'typedi';
import { ChannelDiscussionModel, DiscussionMessageModel, Transaction } from '@platform/db';
import { isBigintId } from '../../shared';
import { ChannelRepository, ChannelWithPolicy } from '../channel.repository';
import { ChannelNotFound } from '../channels.errors';
import { DiscussionMessageNotFound } from './discussion.errors';

/** A channel's discussion with its channel (and the channel's access policy). */
export interface DiscussionOfChannel {
  channel: ChannelWithPolicy;
  discussion: ChannelDiscussionModel;
}

/** A message with its discussion and channel. */
export interface MessageInDiscussion extends DiscussionOfChannel {
  message: DiscussionMessageModel;
}

/**
 * Finds a channel's discussion, or a message with its discussion, or answers the 404.
 *
 * Lock order, for every message writer: the discussion row (whose event_seq the write bumps),
 * then the message. Writes to one discussion queue up on it, so their deltas are numbered in
 * commit order.
 */
@Service()
export class DiscussionRepository {
  constructor(private readonly channels: ChannelRepository) {}

  /** The discussion of `channelId`; an unknown channel (or one without a discussion) is 404. */
  async requireOfChannel(channelId: number, tx?: Transaction, lock = false): Promise<DiscussionOfChannel> {
    const channel = await this.channels.requireChannel(channelId, tx);
    const discussion = await ChannelDiscussionModel.findOne({
      where: { channelId },
      transaction: tx,
      lock: lock && tx ? tx.LOCK.UPDATE : undefined,
    });
    if (!discussion) throw ChannelNotFound();
    return { channel, discussion };
  }

  /** A message by id (`id` as the path gave it: 400 for a non-numeric one is the route's), with its discussion; 404 otherwise. */
  async requireMessage(id: string, tx?: Transaction, lock = false): Promise<MessageInDiscussion> {
    const found = isBigintId(id) ? await DiscussionMessageModel.findByPk(id, { transaction: tx }) : null;
    if (!found) throw DiscussionMessageNotFound();
    const discussion = await ChannelDiscussionModel.findByPk(found.discussionId, { transaction: tx, lock: lock && tx ? tx.LOCK.UPDATE : undefined });
    if (!discussion) throw DiscussionMessageNotFound();
    const channel = await this.channels.findChannel(discussion.channelId, tx);
    if (!channel) throw DiscussionMessageNotFound();
    const message = lock && tx ? await DiscussionMessageModel.findByPk(id, { transaction: tx, lock: tx.LOCK.UPDATE }) : found;
    if (!message) throw DiscussionMessageNotFound();
    return { channel, discussion, message };
  }
}
