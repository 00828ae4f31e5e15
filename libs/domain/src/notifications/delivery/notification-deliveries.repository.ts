import { Service } from 'typedi';
import { Database, NotificationChannel, NotificationDeliveryStatus } from '@platform/db';
import { textArrayLiteral } from '../../shared';

/** How a batch of claimed deliveries ends. */
export type BulkOutcome = { status: 'sent' } | { status: 'skipped' | 'failed'; reason: string };

export interface DeliveryRow {
  id: string;
  channel: NotificationChannel;
  recipient: string;
  status: NotificationDeliveryStatus;
  attempts: number;
}

/**
 * How long a claimed delivery of a single event stays `sending` before another attempt may take
 * it over: longer than a send takes unless the server stalls reply after reply (SMTP_TIMEOUTS: 10 s
 * to connect and to greet, 30 s per reply), short enough that a crashed worker's delivery is
 * retried on the next attempt. Newsletter emails, at most once, lease each send for its worst case.
 */
export const DELIVERY_LEASE_SECONDS = 120;

/** Longest stored `last_error`. */
const MAX_ERROR_LENGTH = 1_000;

/**
 * The delivery rows of notification_deliveries: one per (event, channel, recipient), the
 * idempotency key of a send. A send is claimed with a status lock and a lease
 * (`pending|failed → sending`, as Ghost's email sender does, REFERENCE.md "Newsletters and gating"),
 * so one attempt at a time sends it and a `sent` row is never sent again. One row at a time
 * (claim, mark*) for an event's few deliveries, where an expired lease is taken over (at least
 * once); in bulk (*Recipients, abandonExpired) for a channel broadcast, where it is not (at most
 * once). The bulk statements run outside any transaction, so their now() follows databaseNow().
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

  /**
   * Claims, in one statement, the pending or failed deliveries of `recipients` on `channel` (a
   * fan-out's provider batch) for `leaseSeconds`; answers the recipients claimed. Rows another
   * attempt holds, or already settled, are left out. Expired leases are not taken over: see abandonExpired.
   */
  async claimRecipients(eventId: string, channel: NotificationChannel, recipients: readonly string[], leaseSeconds: number): Promise<string[]> {
    return (await this.claimRecipientDeliveries(eventId, channel, recipients, leaseSeconds)).map((row) => row.recipient);
  }

  /** claimRecipients, answering each claimed delivery's id too (an email's Message-ID is made from it). */
  async claimRecipientDeliveries(
    eventId: string,
    channel: NotificationChannel,
    recipients: readonly string[],
    leaseSeconds: number,
  ): Promise<Array<{ id: string; recipient: string }>> {
    if (recipients.length === 0) return [];
    const [rows] = await this.db.sequelize.query(
      `UPDATE notification_deliveries
       SET status = 'sending', locked_until = now() + make_interval(secs => :lease), attempts = attempts + 1, updated_at = now()
       WHERE event_id = :eventId AND channel = :channel AND recipient = ANY(CAST(:recipients AS text[])) AND status IN ('pending', 'failed')
       RETURNING id::text AS id, recipient`,
      { replacements: { eventId, channel, recipients: textArrayLiteral(recipients), lease: leaseSeconds } },
    );
    return rows as Array<{ id: string; recipient: string }>;
  }

  /** Settles the claimed (`sending`) deliveries of `recipients` alike: sent, skipped or failed with the reason. */
  async settleRecipients(eventId: string, channel: NotificationChannel, recipients: readonly string[], outcome: BulkOutcome): Promise<void> {
    if (recipients.length === 0) return;
    await this.db.sequelize.query(
      `UPDATE notification_deliveries
       SET status = :status, sent_at = CASE WHEN :status = 'sent' THEN now() END, last_error = :reason, locked_until = NULL, updated_at = now()
       WHERE event_id = :eventId AND channel = :channel AND recipient = ANY(CAST(:recipients AS text[])) AND status = 'sending'`,
      {
        replacements: {
          eventId,
          channel,
          recipients: textArrayLiteral(recipients),
          status: outcome.status,
          reason: outcome.status === 'sent' ? null : truncate(outcome.reason),
        },
      },
    );
  }

  /** Skips the pending or failed deliveries of `recipients` without a send (nothing to send to). */
  async skipRecipients(eventId: string, channel: NotificationChannel, recipients: readonly string[], reason: string): Promise<number> {
    if (recipients.length === 0) return 0;
    const [rows] = await this.db.sequelize.query(
      `UPDATE notification_deliveries SET status = 'skipped', last_error = :reason, locked_until = NULL, updated_at = now()
       WHERE event_id = :eventId AND channel = :channel AND recipient = ANY(CAST(:recipients AS text[])) AND status IN ('pending', 'failed')
       RETURNING id`,
      { replacements: { eventId, channel, recipients: textArrayLiteral(recipients), reason: truncate(reason) } },
    );
    return (rows as unknown[]).length;
  }

  /**
   * Gives a claim back untried: `sending` → `pending`, its attempt not counted, with the reason.
   * For a send that surely delivered nothing because of an outage (the SMTP server could not be
   * reached), so no recipient is given up (giveUpAfter) for the server's fault.
   */
  async releaseClaim(id: string, reason: string): Promise<void> {
    await this.settle(id, `status = 'pending', attempts = greatest(attempts - 1, 0), last_error = :reason`, { reason: truncate(reason) });
  }

  /** Skips every pending or failed delivery of the event (nobody more gets it); answers how many. */
  async skipOpen(eventId: string, reason: string): Promise<number> {
    const [rows] = await this.db.sequelize.query(
      `UPDATE notification_deliveries SET status = 'skipped', last_error = :reason, locked_until = NULL, updated_at = now()
       WHERE event_id = :eventId AND status IN ('pending', 'failed')
       RETURNING id`,
      { replacements: { eventId, reason: truncate(reason) } },
    );
    return (rows as unknown[]).length;
  }

  /**
   * Settles as skipped the deliveries whose claim expired (their worker died between claiming and
   * settling): whether the provider got them is unknown, and for a broadcast a missed push is
   * better than a second one. Answers how many.
   */
  async abandonExpired(eventId: string, reason: string): Promise<number> {
    const [rows] = await this.db.sequelize.query(
      `UPDATE notification_deliveries SET status = 'skipped', last_error = :reason, locked_until = NULL, updated_at = now()
       WHERE event_id = :eventId AND status = 'sending' AND locked_until < now()
       RETURNING id`,
      { replacements: { eventId, reason: truncate(reason) } },
    );
    return (rows as unknown[]).length;
  }

  /** Skips the failed deliveries already tried `attempts` times: an error that does not go away is not retried for days. */
  async giveUpAfter(eventId: string, attempts: number): Promise<number> {
    const [rows] = await this.db.sequelize.query(
      `UPDATE notification_deliveries SET status = 'skipped', last_error = 'gave up after ' || attempts || ' attempts: ' || coalesce(last_error, ''),
              locked_until = NULL, updated_at = now()
       WHERE event_id = :eventId AND status = 'failed' AND attempts >= :attempts
       RETURNING id`,
      { replacements: { eventId, attempts } },
    );
    return (rows as unknown[]).length;
  }

  /**
   * Skips the pending or failed deliveries not touched since `since` (a database instant): a
   * fan-out that walked every current recipient leaves only those who stopped being one.
   */
  async skipUntouchedSince(eventId: string, since: Date, reason: string): Promise<number> {
    const [rows] = await this.db.sequelize.query(
      `UPDATE notification_deliveries SET status = 'skipped', last_error = :reason, locked_until = NULL, updated_at = now()
       WHERE event_id = :eventId AND status IN ('pending', 'failed') AND updated_at < :since
       RETURNING id`,
      { replacements: { eventId, since, reason: truncate(reason) } },
    );
    return (rows as unknown[]).length;
  }

  /** How many of the event's deliveries another attempt holds right now. */
  async heldElsewhere(eventId: string): Promise<number> {
    const [rows] = await this.db.sequelize.query(
      `SELECT count(*)::int AS held FROM notification_deliveries WHERE event_id = :eventId AND status = 'sending'`,
      { replacements: { eventId } },
    );
    return (rows as Array<{ held: number }>)[0].held;
  }

  /** The database's clock, for comparing with updated_at (the app's clock may be moved in tests). */
  async databaseNow(): Promise<Date> {
    const [rows] = await this.db.sequelize.query('SELECT clock_timestamp() AS now');
    return (rows as Array<{ now: Date }>)[0].now;
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
