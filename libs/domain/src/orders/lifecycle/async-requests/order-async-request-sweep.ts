import { Inject, Service } from 'typedi';
import { Op } from 'sequelize';
import { OrderAsyncRequestModel } from '@platform/db';
import type { Logger } from '@platform/observability';
import { QueueRegistry } from '@platform/queue';
import { LOGGER } from '../../../shared';
import { requestJob } from './order-async-request.job';
import { OrderAsyncRequests } from './order-async-requests.service';

/** A request still pending this long has its job queued again (a worker normally settles it within seconds). */
export const ORDER_REQUEST_REQUEUE_AFTER_MS = 2 * 60_000;
/** A request still pending this long is settled as failed: whatever kept it from running, the client gets an answer. */
export const ORDER_REQUEST_ABANDON_AFTER_MS = 30 * 60_000;
const BATCH_SIZE = 100;

export interface OrderRequestSweepOutcome {
  requeued: number;
  abandoned: number;
}

/**
 * Job order.async_request_sweep (every minute): the safety net for requests that stay `pending`
 * because their job never ran to the end — the process died between writing the request and
 * queueing it, a worker crashed on every attempt, the give-up handler could not reach the
 * database, or withdrawing an unqueued request failed. Such a request is queued again with
 * jobId = requestId (a job still waiting, delayed or running absorbs the add; the job settles the
 * request exactly once), and after ORDER_REQUEST_ABANDON_AFTER_MS it is settled failed with
 * INTERNAL_ERROR. Settling and the job both lock the request row, so whichever comes first wins and
 * the other does nothing: an abandoned request never changes its order afterwards.
 */
@Service()
export class OrderAsyncRequestSweep {
  constructor(
    private readonly requests: OrderAsyncRequests,
    private readonly queues: QueueRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async sweep(now = new Date()): Promise<OrderRequestSweepOutcome> {
    const abandonBefore = new Date(now.getTime() - ORDER_REQUEST_ABANDON_AFTER_MS);
    const requeueBefore = new Date(now.getTime() - ORDER_REQUEST_REQUEUE_AFTER_MS);

    let abandoned = 0;
    for (const { id } of await this.pendingCreated({ [Op.lt]: abandonBefore }, ['id'])) {
      const minutes = ORDER_REQUEST_ABANDON_AFTER_MS / 60_000;
      if (await this.requests.settleAbandoned(id, `not carried out within ${minutes} minutes`)) abandoned += 1;
    }

    let requeued = 0;
    for (const request of await this.pendingCreated({ [Op.gte]: abandonBefore, [Op.lt]: requeueBefore })) {
      const job = requestJob(request);
      try {
        await this.queues.requeue(job.name, job.payload, { jobId: request.id });
        requeued += 1;
      } catch (error) {
        // Redis is down: the next sweep tries again (and abandons the request if it never comes back).
        this.logger.warn({ err: error, requestId: request.id }, 'could not re-queue a pending order request');
        break;
      }
    }
    if (abandoned + requeued > 0) this.logger.warn({ abandoned, requeued }, 'swept pending order requests');
    return { requeued, abandoned };
  }

  /** Oldest first, over order_async_requests_pending_idx. */
  private pendingCreated(createdAt: Record<symbol, Date>, attributes?: string[]) {
    return OrderAsyncRequestModel.findAll({
      where: { status: 'pending', createdAt },
      order: [['createdAt', 'ASC']],
      limit: BATCH_SIZE,
      ...(attributes ? { attributes } : {}),
    });
  }
}
