import { Inject, Service } from 'typedi';
import type { Logger } from '@platform/observability';
import { QueueRegistry } from '@platform/queue';
import type { Transaction } from '@platform/db';
import { LOGGER } from '../../shared';
import type { WrittenOrder } from './order-writer.service';

export const ORDER_PLACED_EVENTS = { checkout: 'ORDER_PLACED_CHECKOUT', buy_now: 'ORDER_PLACED_BUYNOW' } as const;

/** The notification job of a placed order; its id makes a repeated publish a no-op. */
export const orderPlacedJobId = (orderId: number) => `order-placed-${orderId}`;

/**
 * learning-commerce.md, "Events": ORDER_PLACED_CHECKOUT (orderId, orderNumber, total, items) and
 * ORDER_PLACED_BUYNOW (orderId, orderNumber, product, price), queued as `notification.deliver`
 * jobs only after the transaction that made the order payable commits. A queue failure is logged
 * and never undoes or fails the order ("a delivery failure never blocks").
 */
@Service()
export class OrderPlacedEvents {
  constructor(
    private readonly queues: QueueRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  publishAfterCommit(written: WrittenOrder, tx: Transaction): void {
    tx.afterCommit(() => this.publish(written));
  }

  private async publish({ order, items }: WrittenOrder): Promise<void> {
    const lines = items.map((item) => ({ productId: item.productId, productType: item.productType, title: item.title, price: item.lineTotalPaisa }));
    const payload =
      order.source === 'buy_now'
        ? { orderId: order.id, orderNumber: order.orderNumber, product: lines[0], price: order.totalPaisa }
        : { orderId: order.id, orderNumber: order.orderNumber, total: order.totalPaisa, items: lines };
    const event = order.source === 'buy_now' ? ORDER_PLACED_EVENTS.buy_now : ORDER_PLACED_EVENTS.checkout;
    try {
      await this.queues.add('notification.deliver', { event, recipientUserId: order.userId, payload }, { jobId: orderPlacedJobId(order.id) });
    } catch (error) {
      this.logger.warn({ err: error, orderId: order.id, event }, 'could not queue the order-placed notification');
    }
  }
}
