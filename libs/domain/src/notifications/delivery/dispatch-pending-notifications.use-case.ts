import { Inject, Service } from 'typedi';
import { Database } from '@platform/db';
import type { Logger } from '@platform/observability';
import { QueueRegistry } from '@platform/queue';
import { LOGGER } from '../../shared';
import { deliveryJobIdOf, DispatchableEvent, NotificationOutbox } from '../outbox';

/** An event's after-commit dispatch gets this long before the sweep queues it instead. */
const UNDISPATCHED_AFTER_MS = 30_000;
/** An unprocessed event with no delivery activity this long is looked at again. */
const STALLED_AFTER_MS = 10 * 60_000;
/** Older unprocessed events are left alone: a notification two days late is news to no one. */
const GIVE_UP_AFTER_MS = 2 * 24 * 3_600_000;
/** Events per kind per sweep; the next sweep (a minute later) takes the rest. */
const SWEEP_BATCH = 100;
/** Job states in which the delivery will still run by itself. */
const LIVE_JOB_STATES = new Set(['waiting', 'active', 'delayed', 'paused']);

export interface DispatchSweepReport {
  /** Events whose after-commit dispatch never happened (Redis was down at commit), now queued. */
  dispatched: string[];
  /** Stalled events whose delivery job was gone or had given up, queued again. */
  requeued: string[];
}

/**
 * Job notification.dispatch_pending (every minute): the outbox's safety net. It queues
 * notification.deliver for events not dispatched ~30 s after they were recorded, and resumes
 * events that stopped short of processed (their job exhausted its attempts during an outage, or
 * was removed) once nothing happened to them for 10 minutes, as Ghost resumes unfinished batches
 * after a restart. A failed job id would otherwise block its event for good (the job id is
 * deterministic), so the dispatch replaces a finished job (QueueRegistry.requeue). Sent deliveries are never
 * sent again by the re-run (DeliverNotificationUseCase).
 */
@Service()
export class DispatchPendingNotificationsUseCase {
  constructor(
    private readonly db: Database,
    private readonly outbox: NotificationOutbox,
    private readonly queues: QueueRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(now = new Date()): Promise<DispatchSweepReport> {
    const report: DispatchSweepReport = { dispatched: [], requeued: [] };
    for (const event of await this.undispatched(now)) {
      if (await this.outbox.dispatch(event)) report.dispatched.push(event.id);
    }
    for (const event of await this.stalled(now)) {
      if (await this.requeue(event)) report.requeued.push(event.id);
    }
    return report;
  }

  private async undispatched(now: Date): Promise<DispatchableEvent[]> {
    return this.events(
      `SELECT id::text AS id, audience, dedupe_key AS "dedupeKey" FROM notification_events
       WHERE processed_at IS NULL AND dispatched_at IS NULL AND created_at < :cutoff AND created_at > :horizon
       ORDER BY created_at LIMIT ${SWEEP_BATCH}`,
      { cutoff: new Date(now.getTime() - UNDISPATCHED_AFTER_MS), horizon: new Date(now.getTime() - GIVE_UP_AFTER_MS) },
    );
  }

  private async stalled(now: Date): Promise<DispatchableEvent[]> {
    const cutoff = new Date(now.getTime() - STALLED_AFTER_MS);
    return this.events(
      `SELECT e.id::text AS id, e.audience, e.dedupe_key AS "dedupeKey" FROM notification_events e
       WHERE e.processed_at IS NULL AND e.dispatched_at IS NOT NULL AND e.dispatched_at < :cutoff
         AND e.created_at < :cutoff AND e.created_at > :horizon
         AND NOT EXISTS (SELECT 1 FROM notification_deliveries d WHERE d.event_id = e.id AND d.updated_at >= :cutoff)
       ORDER BY e.created_at LIMIT ${SWEEP_BATCH}`,
      { cutoff, horizon: new Date(now.getTime() - GIVE_UP_AFTER_MS) },
    );
  }

  /** Queues an event again unless its job is still going to run (a finished one is replaced by NotificationOutbox.dispatch). */
  private async requeue(event: DispatchableEvent): Promise<boolean> {
    const eventId = event.id;
    try {
      const job = await this.queues.queue('notifications').getJob(deliveryJobIdOf(event));
      if (job && LIVE_JOB_STATES.has(await job.getState())) return false;
    } catch (error) {
      this.logger.warn({ err: error, eventId }, 'could not inspect a stalled notification job; the next sweep retries');
      return false;
    }
    if (!(await this.outbox.dispatch(event))) return false;
    // Restart the stall clock, so an event whose job keeps failing is looked at every 10 minutes, not every sweep.
    await this.db.sequelize.query('UPDATE notification_events SET dispatched_at = now() WHERE id = :eventId', { replacements: { eventId } });
    return true;
  }

  private async events(sql: string, replacements: Record<string, unknown>): Promise<DispatchableEvent[]> {
    const [rows] = await this.db.sequelize.query(sql, { replacements });
    return rows as DispatchableEvent[];
  }
}
