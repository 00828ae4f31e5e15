import { Op } from 'sequelize';
import { Service } from 'typedi';
import { ChannelPostAttachmentModel, ChannelPostModel } from '@platform/db';
import { Clock, type CustomerActor } from '../../shared';
import { ChannelAccessService, isVisible } from '../access';
import { ChannelRepository } from '../channel.repository';

/**
 * "May this customer read an attachment with this storage key now?" (issue 22: signed URLs ask the
 * one access function too). The key is readable when a non-deleted post naming it (the
 * storage_key index) is one its channel's ChannelAccessService.decide lets the customer read now
 * (canRead, and the post inside their history by publishedAt). Deleted posts, posts of
 * soft-deleted channels (decide: canSee false) and posts outside the caller's history give nothing.
 * A key is usually named by one post; a key reused by many costs one decide per channel, stopping
 * at the first readable post.
 */
@Service()
export class ChannelAttachmentAccessService {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly access: ChannelAccessService,
    private readonly clock: Clock,
  ) {}

  async mayRead(customer: CustomerActor, storageKey: string): Promise<boolean> {
    const attachments = await ChannelPostAttachmentModel.findAll({ where: { storageKey }, attributes: ['postId'] });
    if (attachments.length === 0) return false;
    const posts = await ChannelPostModel.findAll({
      where: { id: { [Op.in]: [...new Set(attachments.map((attachment) => attachment.postId))] }, isDeleted: false },
      attributes: ['id', 'channelId', 'publishedAt'],
      order: [['id', 'DESC']],
    });
    const at = this.clock.now();
    const byChannel = new Map<number, Date[]>();
    for (const post of posts) byChannel.set(post.channelId, [...(byChannel.get(post.channelId) ?? []), post.publishedAt]);
    for (const [channelId, publishedAts] of byChannel) {
      const channel = await this.channels.requireChannel(channelId);
      const decision = await this.access.decide(channel, { userId: customer.id }, at);
      if (decision.canRead && publishedAts.some((publishedAt) => isVisible(decision.visible, publishedAt))) return true;
    }
    return false;
  }
}
