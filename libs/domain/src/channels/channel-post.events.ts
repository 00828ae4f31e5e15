import { Inject, Service } from 'typedi';
import { Database, Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import { LOGGER, REALTIME, RealtimePublisher } from '../shared';

/** The realtime deltas of channel posts (CONTRACT section 9), published to the room `channel:{id}`. */
export const CHANNEL_POST_EVENTS = ['post.created', 'post.updated', 'post.deleted', 'post.pinned'] as const;
export type ChannelPostEventName = (typeof CHANNEL_POST_EVENTS)[number];

/**
 * `{ channelId, id, seq }`: `seq` counts the channel's deltas (1, 2, 3, ...), so a client that
 * sees `seq` jump knows it missed one and resyncs from the post cursor (Telegram's `pts`,
 * REFERENCE "Realtime").
 */
export interface ChannelPostEvent {
  channelId: number;
  id: number;
  seq: number;
}

export const channelRoom = (channelId: number) => `channel:${channelId}`;

/**
 * Numbers a post delta in the write's transaction and publishes it after commit, never before: a
 * rolled-back write emits nothing (Zulip's send_event_on_commit). The seq bump updates the
 * channel row, which post writers lock first anyway (ChannelRepository's lock order).
 */
@Service()
export class ChannelPostEvents {
  constructor(
    private readonly db: Database,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async record(event: ChannelPostEventName, channelId: number, postId: number | string, tx: Transaction): Promise<ChannelPostEvent> {
    const [rows] = await this.db.sequelize.query('UPDATE channels SET event_seq = event_seq + 1 WHERE id = :channelId RETURNING event_seq', {
      replacements: { channelId },
      transaction: tx,
    });
    const payload: ChannelPostEvent = { channelId, id: Number(postId), seq: Number((rows as Array<{ event_seq: string }>)[0].event_seq) };
    tx.afterCommit(() => {
      try {
        this.realtime.emit(channelRoom(channelId), event, payload);
      } catch (error) {
        this.logger.warn({ err: error, event, ...payload }, 'could not publish a channel post event; clients resync by seq');
      }
    });
    return payload;
  }
}
