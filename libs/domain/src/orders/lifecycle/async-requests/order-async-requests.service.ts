import { Inject, Service } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database, OrderAsyncRequestKind, OrderAsyncRequestModel, OrderModel, Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import { QueueRegistry } from '@platform/queue';
import type { Actor, CustomerActor } from '../../../shared';
import { LOGGER } from '../../../shared';
import { orderPaymentStatus } from '../../reads/order-payment-status';
import { OrderAsyncRequestCreationFailed, OrderAsyncRequestNotFound } from '../order-lifecycle.errors';
import { requestJob } from './order-async-request.job';
import { AsyncRequestResult, AsyncRequestView, toAsyncRequestView } from './order-async-request.views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewAsyncRequest {
  kind: OrderAsyncRequestKind;
  orderId: number;
  actor: Actor;
  /** The command's fields as accepted (reason, action, remarks, amount). */
  input: Record<string, unknown>;
}

/**
 * The tracking rows of asynchronous order commands (order_async_requests; learning-commerce.md,
 * "Async request status"). A request is written, then its job is queued with jobId = requestId;
 * the job settles the row exactly once (`UPDATE ... WHERE status = 'pending'`).
 */
@Service()
export class OrderAsyncRequests {
  constructor(
    private readonly db: Database,
    private readonly queues: QueueRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Writes the request, then queues its job (requestJob, jobId = requestId). The row is committed
   * first so the job always finds it. When queueing fails (Redis down, QueueUnavailableError) the
   * row is deleted again and the caller gets 503 ORDER_ASYNC_REQUEST_CREATION_FAILED: nothing is
   * left half-done. A job that still lands later finds no row and does nothing; if it already
   * ran and settled the row, that settled request is the answer.
   */
  async submit(request: NewAsyncRequest): Promise<AsyncRequestView> {
    const { actor } = request;
    const row = await OrderAsyncRequestModel.create({
      id: uuidv7(),
      kind: request.kind,
      orderId: request.orderId,
      actorType: actor.kind,
      customerId: actor.kind === 'customer' ? actor.id : null,
      adminId: actor.kind === 'admin' ? actor.id : null,
      input: request.input,
    });
    try {
      const job = requestJob(row);
      await this.queues.add(job.name, job.payload, { jobId: row.id });
      return toAsyncRequestView(row);
    } catch (error) {
      this.logger.warn({ err: error, requestId: row.id, orderId: request.orderId, kind: request.kind }, 'could not queue an order request; withdrawing it');
      const settled = await this.withdraw(row.id);
      if (settled) return toAsyncRequestView(settled);
      throw OrderAsyncRequestCreationFailed();
    }
  }

  /** A request on one of the customer's orders (whoever made it); anything else is not found. */
  async getForCustomer(actor: CustomerActor, requestId: string): Promise<AsyncRequestView> {
    if (!UUID.test(requestId)) throw OrderAsyncRequestNotFound();
    const [row] = await this.db.sequelize.query(
      `SELECT r.* FROM order_async_requests r JOIN orders o ON o.id = r.order_id WHERE r.id = :requestId AND o.user_id = :userId`,
      { replacements: { requestId, userId: actor.id }, model: OrderAsyncRequestModel, mapToModel: true },
    );
    if (!row) throw OrderAsyncRequestNotFound();
    return toAsyncRequestView(row);
  }

  async getForAdmin(requestId: string): Promise<AsyncRequestView> {
    if (!UUID.test(requestId)) throw OrderAsyncRequestNotFound();
    const row = await OrderAsyncRequestModel.findByPk(requestId);
    if (!row) throw OrderAsyncRequestNotFound();
    return toAsyncRequestView(row);
  }

  /** The request, locked, while it is still pending and of this kind; null once settled or withdrawn. */
  lockPending(requestId: string, kind: OrderAsyncRequestKind, tx: Transaction): Promise<OrderAsyncRequestModel | null> {
    if (!UUID.test(requestId)) return Promise.resolve(null);
    return OrderAsyncRequestModel.findOne({ where: { id: requestId, kind, status: 'pending' }, lock: tx.LOCK.UPDATE, transaction: tx });
  }

  /** Settles a pending request once; false when it was already settled (a repeated job). */
  async settle(requestId: string, outcome: 'completed' | 'failed', result: AsyncRequestResult, tx: Transaction): Promise<boolean> {
    const [count] = await OrderAsyncRequestModel.update(
      { status: outcome, result, completedAt: new Date() },
      { where: { id: requestId, status: 'pending' }, transaction: tx },
    );
    return count > 0;
  }

  /**
   * Settles a request whose job gave up (every attempt failed, e.g. the database was down) as
   * failed with INTERNAL_ERROR, so a client polling it learns the outcome instead of waiting
   * forever. The order is read as it stands; nothing else changes.
   */
  async settleAbandoned(requestId: string, message: string): Promise<boolean> {
    if (!UUID.test(requestId)) return false;
    return this.db.transaction(async (tx) => {
      const request = await OrderAsyncRequestModel.findOne({ where: { id: requestId, status: 'pending' }, lock: tx.LOCK.UPDATE, transaction: tx });
      if (!request) return false;
      const order = await OrderModel.findByPk(request.orderId, { transaction: tx, rejectOnEmpty: true });
      const result = requestResult(order, requestId, { errorCode: 'INTERNAL_ERROR', message: message.slice(0, 500) });
      return this.settle(requestId, 'failed', result, tx);
    });
  }

  /** Deletes a request whose job could not be queued; returns the row instead when a job settled it meanwhile. */
  private async withdraw(requestId: string): Promise<OrderAsyncRequestModel | null> {
    try {
      const removed = await OrderAsyncRequestModel.destroy({ where: { id: requestId, status: 'pending' } });
      if (removed > 0) return null;
      return await OrderAsyncRequestModel.findByPk(requestId);
    } catch (error) {
      this.logger.error({ err: error, requestId }, 'could not withdraw an order request that was never queued');
      return null;
    }
  }
}

/** The result of a request on `order` as it stands now. */
export function requestResult(order: OrderModel, requestId: string, extra: Partial<AsyncRequestResult> = {}): AsyncRequestResult {
  return { orderId: order.id, orderStatus: order.status, paymentStatus: orderPaymentStatus(order.status), correlationId: requestId, ...extra };
}
