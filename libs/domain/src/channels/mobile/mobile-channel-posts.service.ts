import { Service } from 'typedi';
import { Storage } from '@platform/storage';
import { Actor, Clock, CursorPage, IdCursor, idCursorPage, IdCursorQuery } from '../../shared';
import { ChannelAccess, ChannelAccessService, isVisible } from '../access';
import { ChannelRepository, ChannelWithPolicy, isPostId, PostWithAttachments } from '../channel.repository';
import { ChannelAccessDenied, ChannelNotFound, ChannelPostNotFound } from '../channels.errors';
import { channelReaderOf, MobilePostView, toMobilePostView } from './mobile-channel.views';
import { MobileChannelsRepository } from './mobile-channels.repository';

/**
 * Customer reads of channel posts (community-content-uploads.md "Channels, mobile", rule 2;
 * issue 22): a cursor page by id and one post, both through ChannelAccessService.decide. Posts
 * outside the reader's history (gated channels' settings) are never listed and are 403 one by one;
 * deleted posts come as tombstones; attachments carry the URL the storage resolves for their key.
 */
@Service()
export class MobileChannelPostsService {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly repository: MobileChannelsRepository,
    private readonly access: ChannelAccessService,
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  /**
   * `after_id` ascending, `before_id` descending, neither the newest first; ordered by id, never by
   * publishedAt; the cursor as the spec's worked example. A channel the caller may not see is 404,
   * one they may not read 403 (a locked member included: content is blocked at once).
   */
  async list(actor: Actor | undefined, channelId: number, query: IdCursorQuery): Promise<CursorPage<MobilePostView, IdCursor>> {
    const channel = await this.channels.requireChannel(channelId);
    const access = await this.decide(channel, actor);
    if (!access.canSee) throw ChannelNotFound();
    if (!access.canRead) throw ChannelAccessDenied();
    const rows = await this.repository.postPage(channel.id, query, access.visible);
    const page = idCursorPage(rows, query, (post) => post.id);
    return { ...page, items: await Promise.all(page.items.map((post) => this.view(post))) };
  }

  /**
   * One post: 404 CHANNEL_POST_NOT_FOUND when it does not exist or its channel is one the caller may
   * not see; 403 CHANNEL_ACCESS_DENIED when they may not read the channel, or the post is outside
   * the history they may read; a deleted post answers its tombstone.
   */
  async detail(actor: Actor | undefined, postId: string): Promise<MobilePostView> {
    const post = isPostId(postId) ? await this.repository.post(postId) : null;
    if (!post) throw ChannelPostNotFound();
    const channel = await this.channels.requireChannel(post.channelId);
    const access = await this.decide(channel, actor);
    if (!access.canSee) throw ChannelPostNotFound();
    if (!access.canRead) throw ChannelAccessDenied();
    if (!isVisible(access.visible, post.publishedAt)) throw ChannelAccessDenied('post');
    return this.view(post);
  }

  private decide(channel: ChannelWithPolicy, actor: Actor | undefined): Promise<ChannelAccess> {
    return this.access.decide(channel, channelReaderOf(actor), this.clock.now());
  }

  /**
   * Attachment URLs as the upload routes resolve them (community-content-uploads.md "URL
   * semantics"): `/<key>` with the local driver, a direct URL for a public key, a signed one with
   * its expiry for a private key on S3 (a signing failure is 502 STORAGE_ERROR, as on those routes).
   */
  private async view(post: PostWithAttachments): Promise<MobilePostView> {
    const urls = post.isDeleted ? [] : await Promise.all(post.attachments.map((attachment) => this.storage.resolveUrl(attachment.storageKey)));
    return toMobilePostView(post, urls);
  }
}
