import { Inject, Service } from 'typedi';
import type { OrderModel, Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import { QueueRegistry } from '@platform/queue';
import type { OutboxEvent } from '../../notifications';
import { PAYMENT_EVENTS, PAYMENT_JOB_IDS } from '../../payments';
import { LOGGER } from '../../shared';

/**
 * learning-commerce.md, "Events" and "Background jobs": what follows a payment's finalization.
 * The events are the transitions' own (recorded in the finalizing transaction by
 * OrderTransitionService, delivered after commit; access-granted events come from fulfilment);
 * the cart clearing is queued after commit with a deterministic job id. A queue failure is logged
 * and never undoes the payment ("a delivery failure never blocks access writes").
 */
@Service()
export class OrderPaymentEventsService {
  constructor(
    private readonly queues: QueueRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  paid(order: OrderModel, paymentReference: string): OutboxEvent {
    return {
      event: order.source === 'buy_now' ? PAYMENT_EVENTS.receivedBuyNow : PAYMENT_EVENTS.receivedCheckout,
      to: { audience: 'customer', userId: order.userId },
      payload: { orderId: order.id, orderNumber: order.orderNumber, paymentReference },
      dedupeKey: `ORDER_PAYMENT_RECEIVED:order:${order.id}`,
    };
  }

  failed(order: OrderModel, reason: string): OutboxEvent {
    return {
      event: PAYMENT_EVENTS.failed,
      to: { audience: 'customer', userId: order.userId },
      payload: { orderId: order.id, orderNumber: order.orderNumber, reason },
      dedupeKey: `ORDER_PAYMENT_FAILED:order:${order.id}`,
    };
  }

  /** A checkout's cart is cleared once the order is paid (buy-now never touched the cart). */
  clearCartAfterCommit(order: OrderModel, tx: Transaction): void {
    if (order.source === 'checkout') tx.afterCommit(() => this.clearCart(order));
  }

  private async clearCart(order: OrderModel): Promise<void> {
    try {
      await this.queues.add('cart.clear_after_order_confirmed', { userId: order.userId, orderId: order.id }, { jobId: PAYMENT_JOB_IDS.clearCart(order.id) });
    } catch (error) {
      this.logger.warn({ err: error, orderId: order.id }, 'could not queue the cart clearing after payment');
    }
  }
}
