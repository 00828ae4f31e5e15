import { Service } from 'typedi';
import type { Transaction } from '@platform/db';
import { NotificationOutbox } from '../../notifications';

/** The outbox key of a post's broadcast: one push per post, however often its create runs. */
export const channelBroadcastDedupeKey = (postId: number | string) => `CHANNEL_BROADCAST_POST:post:${postId}`;

/**
 * Queues the broadcast push of a new post to the channel's members (community-content-uploads.md
 * "Events": title = channel title, body `New update available`). It records the outbox event in
 * the post's transaction, so the push exists exactly when the post commits; the members are
 * read when it is delivered (ChannelBroadcastFanOutService in notifications, asking
 * ChannelPushAudienceService here), so one who leaves before then gets nothing.
 */
@Service()
export class ChannelBroadcastPushService {
  constructor(private readonly outbox: NotificationOutbox) {}

  async queue(channel: { id: number; title: string }, postId: number | string, tx: Transaction): Promise<void> {
    await this.outbox.record(
      {
        event: 'CHANNEL_BROADCAST_POST',
        to: { audience: 'channel_members', channelId: channel.id },
        payload: { channelId: channel.id, postId: Number(postId), channelTitle: channel.title },
        dedupeKey: channelBroadcastDedupeKey(postId),
      },
      tx,
    );
  }
}
