import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database, Transaction } from '@platform/db';
import type { NewsletterPayload } from '../events';
import { DispatchableEvent, NotificationOutbox } from '../outbox';

export type NewsletterChannel = 'email' | 'push';

/** The spec's job id of a newsletter send (community-content-uploads.md "Events"), also its outbox dedupe key. */
export const newsletterJobId = (channel: NewsletterChannel, contentItemId: number) => `newsletter:${channel}:${contentItemId}`;

/** Where a newsletter send stands, with its deliveries counted by status. */
export interface NewsletterDeliveryStatus {
  contentItemId: number;
  channel: NewsletterChannel;
  jobId: string;
  /** queued: no delivery yet; sending: the job is working through the readers; sent: every delivery settled. */
  status: 'queued' | 'sending' | 'sent';
  queuedAt: string;
  finishedAt: string | null;
  counts: { recipients: number; sent: number; skipped: number; failed: number; pending: number };
}

interface StatusRow {
  createdAt: Date;
  processedAt: Date | null;
  recipients: number;
  sent: number;
  skipped: number;
  failed: number;
  pending: number;
}

/**
 * A newsletter item's sends (issue 24 "Delivery"): one outbox event per item and channel
 * (NEWSLETTER_EMAIL, NEWSLETTER_PUSH; audience content_readers), recorded once by its dedupe key
 * however often an admin asks, and queued after commit under the spec's job id. Delivered page by
 * page by NewsletterDeliveryService, one notification_deliveries row per reader.
 */
@Service()
export class NewsletterSendsService {
  constructor(
    private readonly db: Database,
    private readonly outbox: NotificationOutbox,
  ) {}

  /**
   * Records the send unless the item already has one on this channel. An existing send stays as
   * it is (a repeat changes nothing), except one that was processed without reaching anybody (no
   * delivery row at all: the item was unpublished before its job ran): that one is re-armed.
   * Anything with delivery rows is final, since someone may have it.
   */
  async queue(channel: NewsletterChannel, item: NewsletterPayload, tx: Transaction): Promise<void> {
    const to = { audience: 'content_readers' as const, contentItemId: item.contentItemId };
    const dedupeKey = newsletterJobId(channel, item.contentItemId);
    if (channel === 'email') await this.outbox.record({ event: 'NEWSLETTER_EMAIL', to, payload: item, dedupeKey }, tx);
    else await this.outbox.record({ event: 'NEWSLETTER_PUSH', to, payload: item, dedupeKey }, tx);
    await this.rearmIfReachedNobody(dedupeKey, item, tx);
  }

  /**
   * Makes a processed send that has no delivery row pending again, with the item's text now and a
   * new queuedAt (the dispatch sweep looks back from it), and queues its job after commit
   * (NotificationOutbox.dispatch replaces the finished job kept under the same job id).
   */
  private async rearmIfReachedNobody(dedupeKey: string, item: NewsletterPayload, tx: Transaction): Promise<void> {
    const [rearmed] = await this.db.sequelize.query<DispatchableEvent>(
      `UPDATE notification_events e SET processed_at = NULL, dispatched_at = NULL, created_at = now(), payload = CAST(:payload AS jsonb)
       WHERE e.dedupe_key = :dedupeKey AND e.processed_at IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM notification_deliveries d WHERE d.event_id = e.id)
       RETURNING e.id::text AS id, e.audience, e.dedupe_key AS "dedupeKey"`,
      { replacements: { dedupeKey, payload: JSON.stringify(item) }, type: QueryTypes.SELECT, transaction: tx },
    );
    if (rearmed) tx.afterCommit(async () => void (await this.outbox.dispatch(rearmed)));
  }

  /** The send's status, or null when the item was never sent on this channel. */
  async status(channel: NewsletterChannel, contentItemId: number, tx?: Transaction): Promise<NewsletterDeliveryStatus | null> {
    const jobId = newsletterJobId(channel, contentItemId);
    const [row] = await this.db.sequelize.query<StatusRow>(
      `SELECT e.created_at AS "createdAt", e.processed_at AS "processedAt",
              count(d.id)::int AS recipients,
              count(d.id) FILTER (WHERE d.status = 'sent')::int AS sent,
              count(d.id) FILTER (WHERE d.status = 'skipped')::int AS skipped,
              count(d.id) FILTER (WHERE d.status = 'failed')::int AS failed,
              count(d.id) FILTER (WHERE d.status IN ('pending', 'sending'))::int AS pending
       FROM notification_events e LEFT JOIN notification_deliveries d ON d.event_id = e.id
       WHERE e.dedupe_key = :jobId
       GROUP BY e.id`,
      { replacements: { jobId }, type: QueryTypes.SELECT, transaction: tx },
    );
    if (!row) return null;
    const status = row.processedAt ? 'sent' : row.recipients > 0 ? 'sending' : 'queued';
    return {
      contentItemId,
      channel,
      jobId,
      status,
      queuedAt: row.createdAt.toISOString(),
      finishedAt: row.processedAt?.toISOString() ?? null,
      counts: { recipients: row.recipients, sent: row.sent, skipped: row.skipped, failed: row.failed, pending: row.pending },
    };
  }
}
