import { Inject, Service } from 'typedi';
import type { NotificationAudience, Transaction } from '@platform/db';
import { Database } from '@platform/db';
import type { Logger } from '@platform/observability';
import { QueueRegistry } from '@platform/queue';
import { LOGGER } from '../../shared';
import type { OutboxEvent } from '../events';

/** The delivery job of an event; its id makes queueing it twice a no-op. */
export const notificationDeliveryJobId = (eventId: string) => `notification-${eventId}`;

/** An outbox event as far as queueing its delivery goes. */
export interface DispatchableEvent {
  id: string;
  audience: NotificationAudience;
  dedupeKey: string;
}

/**
 * The job id of an event's delivery: a newsletter send's is its dedupe key, the spec's
 * `newsletter:email:{contentItemId}` (community-content-uploads.md "Events"); any other's is
 * notificationDeliveryJobId.
 */
export const deliveryJobIdOf = (event: DispatchableEvent) =>
  event.audience === 'content_readers' ? event.dedupeKey : notificationDeliveryJobId(event.id);

/**
 * Transactional outbox for notifications (learning-commerce.md, "Events"): `record` writes the
 * event in the caller's transaction, so it exists exactly when the change that caused it commits,
 * and once per dedupe key however often the caller runs. After commit the delivery job is queued;
 * if that fails (Redis down), the event stays undispatched and the `notification.dispatch_pending`
 * sweep queues it later. A notification never blocks or rolls back the business write.
 */
@Service()
export class NotificationOutbox {
  constructor(
    private readonly db: Database,
    private readonly queues: QueueRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async record(event: OutboxEvent, tx: Transaction): Promise<void> {
    const [rows] = await this.db.sequelize.query(
      `INSERT INTO notification_events (event, audience, user_id, channel_id, content_item_id, payload, dedupe_key)
       VALUES (:event, :audience, :userId, :channelId, :contentItemId, CAST(:payload AS jsonb), :dedupeKey)
       ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      {
        replacements: {
          event: event.event,
          audience: event.to.audience,
          userId: event.to.audience === 'customer' ? event.to.userId : null,
          channelId: event.to.audience === 'channel_members' ? event.to.channelId : null,
          contentItemId: event.to.audience === 'content_readers' ? event.to.contentItemId : null,
          payload: JSON.stringify(event.payload),
          dedupeKey: event.dedupeKey,
        },
        transaction: tx,
      },
    );
    const recorded = (rows as Array<{ id: string }>)[0];
    if (recorded) {
      const queued = { id: String(recorded.id), audience: event.to.audience, dedupeKey: event.dedupeKey };
      tx.afterCommit(async () => void (await this.dispatch(queued)));
    }
  }

  /**
   * Queues the delivery job of an event and marks it dispatched. Never throws. A finished job
   * (completed or failed) still kept under the event's job id is replaced (QueueRegistry.requeue):
   * an event dispatched again, by the sweep or re-armed (NewsletterSendsService), must run again.
   */
  async dispatch(event: DispatchableEvent): Promise<boolean> {
    const eventId = event.id;
    try {
      await this.queues.requeue('notification.deliver', { eventId }, { jobId: deliveryJobIdOf(event) });
      await this.db.sequelize.query(`UPDATE notification_events SET dispatched_at = now() WHERE id = :eventId AND dispatched_at IS NULL`, {
        replacements: { eventId },
      });
      return true;
    } catch (error) {
      this.logger.warn({ err: error, eventId }, 'could not queue a notification delivery; the dispatch sweep will retry');
      return false;
    }
  }
}
