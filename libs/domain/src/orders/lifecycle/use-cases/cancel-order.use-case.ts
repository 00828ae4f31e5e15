import { Service } from 'typedi';
import { Database, OrderModel } from '@platform/db';
import type { JobPayloads } from '@platform/queue';
import { OrderAsyncRequests, requestResult } from '../async-requests/order-async-requests.service';
import { orderCancelledEvent } from '../order-cancelled.events';
import { OrderCancelNotAllowed } from '../order-lifecycle.errors';
import { inputText, requestActor } from '../async-requests/order-async-request.input';
import { OrderTransitionService } from '../order-transition.service';
import { ORDER_COMMANDS } from '../order-transitions';

/** What a job did with its request: settled it either way, or found nothing to do (settled before, or withdrawn). */
export type OrderRequestOutcome = 'completed' | 'failed' | 'skipped';

/**
 * Job order.cancel (learning-commerce.md, "States and transitions → Order"): in one transaction,
 * the request is locked while pending, the guarded transition to cancelled runs (customer or
 * admin history row, cancellation_reason, cancelled_by_actor_type, ORDER_CANCELLED) with its
 * effects (OrderTransitionEffectsService): a paid order's fulfilment revoked, its promotion use
 * given back, open payments marked failed and a completed payment marked refund-owed.
 * The request settles completed, or failed with ORDER_CANCEL_NOT_ALLOWED when the order moved on
 * since the request was accepted. Safe to run twice: a settled request is skipped.
 */
@Service()
export class CancelOrderUseCase {
  constructor(
    private readonly db: Database,
    private readonly requests: OrderAsyncRequests,
    private readonly transitions: OrderTransitionService,
  ) {}

  execute(job: JobPayloads['order.cancel']): Promise<OrderRequestOutcome> {
    return this.db.transaction(async (tx) => {
      const request = await this.requests.lockPending(job.requestId, 'cancel', tx);
      if (!request || request.orderId !== job.orderId) return 'skipped';
      const reason = inputText(request, 'reason');
      const now = new Date();
      const cancelledBy = request.actorType;
      const order = await this.transitions.apply(
        {
          orderId: request.orderId,
          to: ORDER_COMMANDS.cancel.to,
          from: ORDER_COMMANDS.cancel.from,
          actor: requestActor(request),
          notes: reason,
          changes: { cancelledAt: now, cancellationReason: reason, cancelledByActorType: cancelledBy },
          event: (cancelled) => orderCancelledEvent(cancelled, cancelledBy, reason),
        },
        tx,
      );
      if (!order) {
        const current = await OrderModel.findByPk(request.orderId, { transaction: tx, rejectOnEmpty: true });
        const refusal = OrderCancelNotAllowed(current.status);
        await this.requests.settle(request.id, 'failed', requestResult(current, request.id, { errorCode: refusal.code, message: refusal.message }), tx);
        return 'failed';
      }
      await this.requests.settle(request.id, 'completed', requestResult(order, request.id), tx);
      return 'completed';
    });
  }
}
