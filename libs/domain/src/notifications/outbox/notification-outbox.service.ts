import { Inject, Service } from 'typedi';
import type { Transaction } from '@platform/db';
import { Database } from '@platform/db';
import type { Logger } from '@platform/observability';
import { QueueRegistry } from '@platform/queue';
import { LOGGER } from '../../shared';
import type { OutboxEvent } from '../events';

/** The delivery job of an event; its id makes queueing it twice a no-op. */
export const notificationDeliveryJobId = (eventId: string) => `notification-${eventId}`;

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
      `INSERT INTO notification_events (event, audience, user_id, channel_id, payload, dedupe_key)
       VALUES (:event, :audience, :userId, :channelId, CAST(:payload AS jsonb), :dedupeKey)
       ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      {
        replacements: {
          event: event.event,
          audience: event.to.audience,
          userId: event.to.audience === 'customer' ? event.to.userId : null,
          channelId: event.to.audience === 'channel_members' ? event.to.channelId : null,
          payload: JSON.stringify(event.payload),
          dedupeKey: event.dedupeKey,
        },
        transaction: tx,
      },
    );
    const recorded = (rows as Array<{ id: string }>)[0];
    if (recorded) tx.afterCommit(async () => void (await this.dispatch(String(recorded.id))));
  }

  /** Queues the delivery job of an event and marks it dispatched. Never throws. */
  async dispatch(eventId: string): Promise<boolean> {
    try {
      await this.queues.add('notification.deliver', { eventId }, { jobId: notificationDeliveryJobId(eventId) });
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
