import { Service } from 'typedi';
import { Database } from '@platform/db';
import { AdminActor, Clock, IdempotencyKeysService, readStrictBody, requestFingerprint } from '../../../../shared';
import { ChannelBroadcastPushService } from '../../../broadcast';
import { ChannelPostEvents } from '../../../channel-post.events';
import { ChannelRepository } from '../../../channel.repository';
import { CHANNEL_IDEMPOTENCY_ERRORS, ChannelNotActive } from '../../../channels.errors';
import { ChannelPostsRepository } from '../channel-posts.repository';
import { CreateChannelPostDto } from '../dto/channel-post.dto';
import { requireChartPayloadFits } from '../dto/chart-payload';
import { requirePostShape } from '../dto/post-shape';
import { ChannelPostAttachmentFilesService } from '../post-attachment-files.service';
import { ChannelPostView, toChannelPostView } from '../post.views';

/**
 * Publishes a post to an active channel (community-content-uploads.md "Channels, admin": Create
 * post body, type rules, Idempotency-Key required). Refusals come first and leave nothing behind
 * (a refusal frees the key): the body's fields and type rules (422), the key (400), then, under the
 * channel's lock, an unknown channel (404), a channel that is not active (422 CHANNEL_NOT_ACTIVE)
 * and attachments that are not the admin's stored files (422; ChannelPostAttachmentFilesService).
 * The post, its attachments, its post.created delta, its broadcast push and the key's stored
 * answer commit together (the delta's seq is the channel's). The same key with the same request
 * (channel included) answers the first post again with 201; with another, 409.
 */
@Service()
export class CreateChannelPostUseCase {
  constructor(
    private readonly db: Database,
    private readonly keys: IdempotencyKeysService,
    private readonly channels: ChannelRepository,
    private readonly posts: ChannelPostsRepository,
    private readonly files: ChannelPostAttachmentFilesService,
    private readonly events: ChannelPostEvents,
    private readonly broadcast: ChannelBroadcastPushService,
    private readonly clock: Clock,
  ) {}

  async execute(admin: AdminActor, channelId: number, body: unknown, idempotencyKey: string | undefined): Promise<ChannelPostView> {
    const dto = readStrictBody(CreateChannelPostDto, body);
    requireChartPayloadFits(dto.chart_payload_json);
    const given = dto.attachments ?? [];
    requirePostShape(dto.type, {
      bodyText: dto.body_text ?? null,
      linkUrl: dto.link_url ?? null,
      chartPayloadJson: dto.chart_payload_json ?? null,
      attachmentCount: given.length,
    });
    const publishedAt = dto.published_at === undefined ? null : new Date(dto.published_at);
    const isPinned = dto.is_pinned ?? false;
    // Every field normalized, and requestFingerprint sorts object keys at every depth: the client's
    // key order, in the chart payload too, or an explicit null never matters.
    const fingerprint = requestFingerprint({
      channelId,
      type: dto.type,
      bodyText: dto.body_text ?? null,
      linkUrl: dto.link_url ?? null,
      chartPayloadJson: dto.chart_payload_json ?? null,
      attachments: given.map((a) => ({
        storageKey: a.storage_key,
        fileName: a.file_name ?? null,
        mimeType: a.mime_type ?? null,
        sizeBytes: a.size_bytes ?? null,
      })),
      publishedAt: publishedAt?.toISOString() ?? null,
      isPinned,
    });
    const request = { actor: admin, scope: 'channel_post.create' as const, key: idempotencyKey, fingerprint, errors: CHANNEL_IDEMPOTENCY_ERRORS };
    return this.keys.perform(request, (claim) =>
      this.db.transaction(async (tx) => {
        const channel = await this.channels.requireChannel(channelId, tx, 'channel');
        if (channel.status !== 'active') throw ChannelNotActive(channel.status);
        const attachments = await this.files.resolve(given, tx);
        const now = this.clock.now();
        const post = await this.posts.insert(
          {
            channelId: channel.id,
            type: dto.type,
            bodyText: dto.body_text ?? null,
            linkUrl: dto.link_url ?? null,
            chartPayloadJson: dto.chart_payload_json ?? null,
            publishedAt: publishedAt ?? now,
            createdByAdminId: admin.id,
            isPinned,
            pinnedAt: isPinned ? now : null,
          },
          attachments,
          tx,
        );
        await this.events.record('post.created', channel.id, post.id, tx);
        await this.broadcast.queue({ id: channel.id, title: channel.title }, post.id, tx);
        const view = toChannelPostView(post, post.attachments);
        await this.keys.complete(claim, view, { type: 'channel_post', id: post.id }, tx);
        return view;
      }),
    );
  }
}
