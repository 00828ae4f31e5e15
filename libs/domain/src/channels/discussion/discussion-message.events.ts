import { Inject, Service } from 'typedi';
import { Database, Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import { LOGGER, REALTIME, RealtimePublisher } from '../../shared';

/** The realtime deltas of discussion messages (CONTRACT section 9), published to the room `discussion:{id}`. */
export const DISCUSSION_MESSAGE_EVENTS = ['message.created', 'message.updated', 'message.deleted'] as const;
export type DiscussionMessageEventName = (typeof DISCUSSION_MESSAGE_EVENTS)[number];

/**
 * `{ channelId, discussionId, id, seq }`: `seq` counts the discussion's deltas one by one, so a gap
 * means a missed one. `id` is the message id as the message views send it: a string (a bigint column).
 */
export interface DiscussionMessageEvent {
  channelId: number;
  discussionId: number;
  id: string;
  seq: number;
}

export const discussionRoom = (discussionId: number) => `discussion:${discussionId}`;

/**
 * Numbers a message delta in the write's transaction and publishes it after commit only, as
 * ChannelPostEvents does for posts: a rolled-back write emits nothing. The seq bump updates the
 * discussion row, which message writers lock first (DiscussionRepository's lock order).
 */
@Service()
export class DiscussionMessageEvents {
  constructor(
    private readonly db: Database,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async record(
    event: DiscussionMessageEventName,
    discussion: { id: number; channelId: number },
    messageId: number | string,
    tx: Transaction,
  ): Promise<DiscussionMessageEvent> {
    const [rows] = await this.db.sequelize.query('UPDATE channel_discussions SET event_seq = event_seq + 1 WHERE id = :id RETURNING event_seq', {
      replacements: { id: discussion.id },
      transaction: tx,
    });
    const seq = Number((rows as Array<{ event_seq: string }>)[0].event_seq);
    const payload: DiscussionMessageEvent = { channelId: discussion.channelId, discussionId: discussion.id, id: String(messageId), seq };
    tx.afterCommit(() => {
      try {
        this.realtime.emit(discussionRoom(discussion.id), event, payload);
      } catch (error) {
        this.logger.warn({ err: error, event, ...payload }, 'could not publish a discussion message event; clients resync by seq');
      }
    });
    return payload;
  }
}
