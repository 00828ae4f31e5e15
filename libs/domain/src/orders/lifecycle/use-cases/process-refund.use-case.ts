import { Service } from 'typedi';
import { Database, OrderModel } from '@platform/db';
import type { JobPayloads } from '@platform/queue';
import { OrderAsyncRequests, requestResult } from '../async-requests/order-async-requests.service';
import { OrderNotPendingRefund } from '../order-lifecycle.errors';
import { inputText, requestActor } from '../async-requests/order-async-request.input';
import { OrderTransitionService } from '../order-transition.service';
import { ORDER_COMMANDS } from '../order-transitions';
import type { OrderRequestOutcome } from './cancel-order.use-case';

/**
 * Job order.process_refund (learning-commerce.md, "States and transitions → Order"): approve moves
 * refund_requested | refund_pending → refund_approved (refund_amount_paisa = amount or the order
 * total, ORDER_REFUND_APPROVED; OrderTransitionEffectsService revokes the order's fulfilment and
 * marks the completed payment refund-owed); reject moves to refund_rejected
 * (ORDER_REFUND_REJECTED with the admin's remarks as reason). Both record refund_processed_at and
 * refund_admin_remarks with an admin history row, and settle the request in the same transaction;
 * an order no longer awaiting processing settles it failed with ORDER_NOT_PENDING_REFUND.
 * Safe to run twice: a settled request is skipped.
 *
 * A partial approval (amount below the total) still revokes access: refund_approved is the
 * terminal "purchase undone" state of the spec's table, and `amount` only says how much money goes
 * back. An admin who wants the customer to keep the course rejects the refund instead.
 */
@Service()
export class ProcessRefundUseCase {
  constructor(
    private readonly db: Database,
    private readonly requests: OrderAsyncRequests,
    private readonly transitions: OrderTransitionService,
  ) {}

  execute(job: JobPayloads['order.process_refund']): Promise<OrderRequestOutcome> {
    return this.db.transaction(async (tx) => {
      const request = await this.requests.lockPending(job.requestId, 'process_refund', tx);
      if (!request || request.orderId !== job.orderId) return 'skipped';
      const approve = request.input['action'] === 'approve';
      const remarks = inputText(request, 'remarks');
      const amount = typeof request.input['amount'] === 'number' ? request.input['amount'] : undefined;
      const command = approve ? ORDER_COMMANDS.approveRefund : ORDER_COMMANDS.rejectRefund;
      // Order totals never change after checkout, so the refunded amount can be fixed before the move.
      const { totalPaisa } = await OrderModel.findByPk(request.orderId, { attributes: ['totalPaisa'], transaction: tx, rejectOnEmpty: true });
      const refunded = amount ?? totalPaisa;
      const order = await this.transitions.apply(
        {
          orderId: request.orderId,
          to: command.to,
          from: command.from,
          actor: requestActor(request),
          notes: remarks,
          changes: {
            refundStatus: approve ? 'approved' : 'rejected',
            refundProcessedAt: new Date(),
            refundAdminRemarks: remarks,
            // Only an approved refund has an amount (orders_refund_amount_within_total).
            ...(approve ? { refundAmountPaisa: refunded } : {}),
          },
          event: (moved) =>
            approve
              ? {
                  event: 'ORDER_REFUND_APPROVED',
                  to: { audience: 'customer', userId: moved.userId },
                  payload: { orderId: moved.id, orderNumber: moved.orderNumber, amount: refunded },
                  dedupeKey: `ORDER_REFUND_APPROVED:order:${moved.id}`,
                }
              : {
                  event: 'ORDER_REFUND_REJECTED',
                  to: { audience: 'customer', userId: moved.userId },
                  payload: { orderId: moved.id, orderNumber: moved.orderNumber, reason: remarks },
                  dedupeKey: `ORDER_REFUND_REJECTED:order:${moved.id}`,
                },
        },
        tx,
      );
      if (!order) {
        const current = await OrderModel.findByPk(request.orderId, { transaction: tx, rejectOnEmpty: true });
        const refusal = OrderNotPendingRefund(current.status);
        const result = requestResult(current, request.id, {
          refundStatus: current.refundStatus,
          refundAmountPaisa: current.refundAmountPaisa,
          errorCode: refusal.code,
          message: refusal.message,
        });
        await this.requests.settle(request.id, 'failed', result, tx);
        return 'failed';
      }
      const result = requestResult(order, request.id, { refundStatus: order.refundStatus, refundAmountPaisa: order.refundAmountPaisa });
      await this.requests.settle(request.id, 'completed', result, tx);
      return 'completed';
    });
  }
}
