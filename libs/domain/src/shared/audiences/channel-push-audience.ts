import { Constructable, Token } from 'typedi';

/** The post whose broadcast push is being sent. */
export interface ChannelBroadcast {
  channelId: number;
  postId: number;
}

/** One page of a broadcast's recipients, and where the next page starts (null: the last page). */
export interface ChannelPushAudiencePage {
  userIds: string[];
  next: string | null;
}

/**
 * Who gets a channel's broadcast push, page by page: the channels context answers it with its one
 * access function, the notifications context sends to them. The contract lives in shared so
 * that notifications never imports channels (channels records its events through the
 * notifications door; the context graph refuses a cycle), as with FULFILMENT_HANDLERS.
 */
export interface ChannelPushAudience {
  /**
   * Reads up to `limit` members of the channel in user id order after `after` (null: from the
   * first) and answers those of them who get the push at `at`. A page may hold fewer recipients
   * than `limit`, or none, and still have a next one. A post deleted meanwhile has no audience.
   */
  page(broadcast: ChannelBroadcast, after: string | null, limit: number, at: Date): Promise<ChannelPushAudiencePage>;
}

/** The ChannelPushAudience of an app, a class set by the composition root (libs/runtime's createAppContainer). */
export const CHANNEL_PUSH_AUDIENCE = new Token<Constructable<ChannelPushAudience>>('notifications.channel-push-audience');
