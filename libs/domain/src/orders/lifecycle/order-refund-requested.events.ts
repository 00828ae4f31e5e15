import type { OrderTransition, OrderTransitionActor } from './order-transition.service';
import { ORDER_COMMANDS } from './order-transitions';

export interface RefundRequest {
  orderId: number;
  actor: OrderTransitionActor;
  /** The reason, recorded on the order, in its history and in ORDER_REFUND_REQUESTED. */
  reason: string;
  remarks?: string | null;
  /** Only move the order if it is this customer's (the customer's own request). */
  ownerId?: string;
}

/**
 * paid → refund_requested with the refund columns and ORDER_REFUND_REQUESTED for the admins: the
 * customer's request (RequestRefundUseCase) and any context that asks for a refund on a customer's
 * behalf (a training enrollment an admin cancelled) apply the same transition through
 * OrderTransitionService.apply, so the event and columns cannot drift apart.
 */
export function refundRequestTransition(request: RefundRequest, at = new Date()): OrderTransition {
  const { reason } = request;
  return {
    orderId: request.orderId,
    ...(request.ownerId === undefined ? {} : { ownerId: request.ownerId }),
    to: ORDER_COMMANDS.requestRefund.to,
    from: ORDER_COMMANDS.requestRefund.from,
    actor: request.actor,
    notes: reason,
    changes: { refundStatus: 'requested', refundReason: reason, refundRequestedAt: at, ...(request.remarks === undefined ? {} : { refundRemarks: request.remarks }) },
    event: (requested) => ({
      event: 'ORDER_REFUND_REQUESTED',
      to: { audience: 'admins' },
      payload: { orderId: requested.id, orderNumber: requested.orderNumber, reason, amount: requested.totalPaisa, userId: requested.userId },
      dedupeKey: `ORDER_REFUND_REQUESTED:order:${requested.id}`,
    }),
  };
}
