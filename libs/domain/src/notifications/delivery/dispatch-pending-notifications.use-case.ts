import { Inject, Service } from 'typedi';
import { Database } from '@platform/db';
import type { Logger } from '@platform/observability';
import { QueueRegistry } from '@platform/queue';
import { LOGGER } from '../../shared';
import { NotificationOutbox, notificationDeliveryJobId } from '../outbox';

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
 * deterministic), so a finished job is removed before queueing again. Sent deliveries are never
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
    for (const id of await this.undispatched(now)) {
      if (await this.outbox.dispatch(id)) report.dispatched.push(id);
    }
    for (const id of await this.stalled(now)) {
      if (await this.requeue(id)) report.requeued.push(id);
    }
    return report;
  }

  private async undispatched(now: Date): Promise<string[]> {
    return this.ids(
      `SELECT id::text AS id FROM notification_events
       WHERE processed_at IS NULL AND dispatched_at IS NULL AND created_at < :cutoff AND created_at > :horizon
       ORDER BY created_at LIMIT ${SWEEP_BATCH}`,
      { cutoff: new Date(now.getTime() - UNDISPATCHED_AFTER_MS), horizon: new Date(now.getTime() - GIVE_UP_AFTER_MS) },
    );
  }

  private async stalled(now: Date): Promise<string[]> {
    const cutoff = new Date(now.getTime() - STALLED_AFTER_MS);
    return this.ids(
      `SELECT e.id::text AS id FROM notification_events e
       WHERE e.processed_at IS NULL AND e.dispatched_at IS NOT NULL AND e.dispatched_at < :cutoff
         AND e.created_at < :cutoff AND e.created_at > :horizon
         AND NOT EXISTS (SELECT 1 FROM notification_deliveries d WHERE d.event_id = e.id AND d.updated_at >= :cutoff)
       ORDER BY e.created_at LIMIT ${SWEEP_BATCH}`,
      { cutoff, horizon: new Date(now.getTime() - GIVE_UP_AFTER_MS) },
    );
  }

  /** Queues an event again unless its job is still going to run. */
  private async requeue(eventId: string): Promise<boolean> {
    try {
      const job = await this.queues.queue('notifications').getJob(notificationDeliveryJobId(eventId));
      if (job) {
        if (LIVE_JOB_STATES.has(await job.getState())) return false;
        await job.remove();
      }
    } catch (error) {
      this.logger.warn({ err: error, eventId }, 'could not inspect a stalled notification job; the next sweep retries');
      return false;
    }
    if (!(await this.outbox.dispatch(eventId))) return false;
    // Restart the stall clock, so an event whose job keeps failing is looked at every 10 minutes, not every sweep.
    await this.db.sequelize.query('UPDATE notification_events SET dispatched_at = now() WHERE id = :eventId', { replacements: { eventId } });
    return true;
  }

  private async ids(sql: string, replacements: Record<string, unknown>): Promise<string[]> {
    const [rows] = await this.db.sequelize.query(sql, { replacements });
    return (rows as Array<{ id: string }>).map((row) => row.id);
  }
}
