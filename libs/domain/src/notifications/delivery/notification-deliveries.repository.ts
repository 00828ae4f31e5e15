import { Service } from 'typedi';
import { Database, NotificationChannel, NotificationDeliveryStatus } from '@platform/db';

export interface DeliveryRow {
  id: string;
  channel: NotificationChannel;
  recipient: string;
  status: NotificationDeliveryStatus;
  attempts: number;
}

/**
 * How long a claimed delivery stays `sending` before another attempt may take it over: longer than
 * any send can take (the SMTP timeouts are 10 s + 30 s), short enough that a crashed worker's
 * delivery is retried on the next attempt.
 */
export const DELIVERY_LEASE_SECONDS = 120;

/** Longest stored `last_error`. */
const MAX_ERROR_LENGTH = 1_000;

/**
 * The delivery rows of notification_deliveries: one per (event, channel, recipient), the
 * idempotency key of a send. A send is claimed with a status lock and a lease
 * (`pending|failed → sending`, as Ghost's email sender does, REFERENCE.md "Newsletters and gating"),
 * so one attempt at a time sends it and a `sent` row is never sent again.
 */
@Service()
export class NotificationDeliveries {
  constructor(private readonly db: Database) {}

  /** Creates the rows that do not exist yet; existing ones (and their status) are left alone. */
  async ensure(eventId: string, targets: ReadonlyArray<{ channel: NotificationChannel; recipient: string }>): Promise<void> {
    if (targets.length === 0) return;
    await this.db.sequelize.query(
      `INSERT INTO notification_deliveries (event_id, channel, recipient)
       SELECT :eventId, t.channel, t.recipient
       FROM unnest(ARRAY[:channels]::text[], ARRAY[:recipients]::text[]) AS t(channel, recipient)
       ON CONFLICT (event_id, channel, recipient) DO NOTHING`,
      {
        replacements: {
          eventId,
          channels: targets.map((target) => target.channel),
          recipients: targets.map((target) => target.recipient),
        },
      },
    );
  }

  /** The event's deliveries that still need work (neither sent nor skipped), oldest first. */
  async unsettled(eventId: string): Promise<DeliveryRow[]> {
    const [rows] = await this.db.sequelize.query(
      `SELECT id::text AS id, channel, recipient, status, attempts FROM notification_deliveries
       WHERE event_id = :eventId AND status NOT IN ('sent', 'skipped') ORDER BY id`,
      { replacements: { eventId } },
    );
    return rows as DeliveryRow[];
  }

  /**
   * Takes a delivery for one send: only a pending or failed one, or one whose lease ran out (its
   * worker died mid-send). Returns false when another attempt holds it or it is already settled.
   */
  async claim(id: string): Promise<boolean> {
    const [rows] = await this.db.sequelize.query(
      `UPDATE notification_deliveries
       SET status = 'sending', locked_until = now() + make_interval(secs => :lease), attempts = attempts + 1, updated_at = now()
       WHERE id = :id AND (status IN ('pending', 'failed') OR (status = 'sending' AND locked_until < now()))
       RETURNING id`,
      { replacements: { id, lease: DELIVERY_LEASE_SECONDS } },
    );
    return (rows as unknown[]).length === 1;
  }

  async markSent(id: string): Promise<void> {
    await this.settle(id, `status = 'sent', sent_at = now(), last_error = NULL`, {});
  }

  async markSkipped(id: string, reason: string): Promise<void> {
    await this.settle(id, `status = 'skipped', last_error = :reason`, { reason: truncate(reason) });
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.settle(id, `status = 'failed', last_error = :error`, { error: truncate(error) });
  }

  /** Marks the event processed once every delivery of it is sent or skipped; false otherwise. */
  async markEventProcessed(eventId: string): Promise<boolean> {
    const [rows] = await this.db.sequelize.query(
      `UPDATE notification_events e SET processed_at = now()
       WHERE e.id = :eventId AND e.processed_at IS NULL
         AND NOT EXISTS (
           SELECT 1 FROM notification_deliveries d WHERE d.event_id = e.id AND d.status NOT IN ('sent', 'skipped')
         )
       RETURNING e.id`,
      { replacements: { eventId } },
    );
    return (rows as unknown[]).length === 1;
  }

  /** Ends a claim; only the holder of a `sending` row gets here. */
  private async settle(id: string, set: string, replacements: Record<string, unknown>): Promise<void> {
    await this.db.sequelize.query(
      `UPDATE notification_deliveries SET ${set}, locked_until = NULL, updated_at = now() WHERE id = :id AND status = 'sending'`,
      { replacements: { ...replacements, id } },
    );
  }
}

const truncate = (text: string) => (text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text);
