import { Service } from 'typedi';
import { Database, Transaction } from '@platform/db';
import { readStrictBody } from '../../../../shared';
import { ChannelPostEvents } from '../../../channel-post.events';
import { ChannelRepository, PostWithAttachments } from '../../../channel.repository';
import { ChannelPostDeleted, ChannelSoftDeleted } from '../../../channels.errors';
import { ChannelPostsRepository } from '../channel-posts.repository';
import { UpdateChannelPostDto } from '../dto/channel-post.dto';
import { requireChartPayloadFits } from '../dto/chart-payload';
import { PostContent, requirePostShape } from '../dto/post-shape';
import { ChannelPostAttachmentFilesService } from '../post-attachment-files.service';
import { ChannelPostView, toChannelPostView } from '../post.views';

/**
 * Edits a post's content within its own type's rules (the type never changes): the given fields
 * over the stored ones must still fit the type, else 422 naming the field (clearing a LINK post's
 * link_url, giving a TEXT post a chart). `attachments` replaces the list, each checked against
 * storage after the post's own refusals (ChannelPostAttachmentFilesService). A tombstone is 422
 * CHANNEL_POST_DELETED; a post of a soft-deleted channel 422 CHANNEL_SOFT_DELETED (an archived
 * channel's posts can still be corrected). Records post.updated.
 */
@Service()
export class UpdateChannelPostUseCase {
  constructor(
    private readonly db: Database,
    private readonly channels: ChannelRepository,
    private readonly posts: ChannelPostsRepository,
    private readonly files: ChannelPostAttachmentFilesService,
    private readonly events: ChannelPostEvents,
  ) {}

  async execute(channelId: number, postId: string, body: unknown): Promise<ChannelPostView> {
    const dto = readStrictBody(UpdateChannelPostDto, body, { atLeastOne: true });
    requireChartPayloadFits(dto.chart_payload_json);
    return this.db.transaction(async (tx) => {
      const post = await this.requireEditable(channelId, postId, tx);
      // The 404s and 422s of the post's state, and its type, come before any storage round-trip.
      const given = dto.attachments === undefined ? null : (dto.attachments ?? []);
      requirePostShape(post.type, merged(post, dto, given ? given.length : post.attachmentCount));
      if (dto.body_text !== undefined) post.bodyText = dto.body_text;
      if (dto.link_url !== undefined) post.linkUrl = dto.link_url;
      if (dto.chart_payload_json !== undefined) post.chartPayloadJson = dto.chart_payload_json;
      if (given) await this.posts.replaceAttachments(post, await this.files.resolve(given, tx), tx);
      // Every accepted edit is an update, even one that rewrites the same values: updatedAt moves and the delta is sent.
      post.changed('updatedAt', true);
      await post.save({ transaction: tx });
      await this.events.record('post.updated', post.channelId, post.id, tx);
      return toChannelPostView(post, post.attachments);
    });
  }

  /** The channel row, then the post, locked (ChannelRepository's lock order). */
  private async requireEditable(channelId: number, postId: string, tx: Transaction): Promise<PostWithAttachments> {
    const channel = await this.channels.requireChannel(channelId, tx, 'channel');
    const post = await this.channels.requirePost(channel.id, postId, tx, true);
    if (channel.status === 'soft_deleted') throw ChannelSoftDeleted();
    if (post.isDeleted) throw ChannelPostDeleted();
    return post;
  }
}

/** The post's content with the given fields over the stored ones. */
function merged(post: PostWithAttachments, dto: UpdateChannelPostDto, attachmentCount: number): PostContent {
  return {
    bodyText: dto.body_text !== undefined ? dto.body_text : post.bodyText,
    linkUrl: dto.link_url !== undefined ? dto.link_url : post.linkUrl,
    chartPayloadJson: dto.chart_payload_json !== undefined ? dto.chart_payload_json : post.chartPayloadJson,
    attachmentCount,
  };
}
