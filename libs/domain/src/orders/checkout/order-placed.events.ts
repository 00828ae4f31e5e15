import { Service } from 'typedi';
import type { Transaction } from '@platform/db';
import { NotificationOutbox } from '../../notifications';
import type { WrittenOrder } from './order-writer.service';

export const ORDER_PLACED_EVENTS = { checkout: 'ORDER_PLACED_CHECKOUT', buy_now: 'ORDER_PLACED_BUYNOW' } as const;

/** The outbox key of a placed order's event: one per order. */
export const orderPlacedDedupeKey = (orderId: number) => `ORDER_PLACED:order:${orderId}`;

/**
 * learning-commerce.md, "Events": ORDER_PLACED_CHECKOUT (orderId, orderNumber, total, items) and
 * ORDER_PLACED_BUYNOW (orderId, orderNumber, product, price), recorded in the transaction that
 * made the order payable and delivered after it commits (NotificationOutbox).
 */
@Service()
export class OrderPlacedEvents {
  constructor(private readonly outbox: NotificationOutbox) {}

  async record({ order, items }: WrittenOrder, tx: Transaction): Promise<void> {
    const lines = items.map((item) => ({ productId: item.productId, productType: item.productType, title: item.title, price: item.lineTotalPaisa }));
    const to = { audience: 'customer', userId: order.userId } as const;
    const dedupeKey = orderPlacedDedupeKey(order.id);
    const base = { orderId: order.id, orderNumber: order.orderNumber };
    if (order.source === 'buy_now') {
      await this.outbox.record({ event: ORDER_PLACED_EVENTS.buy_now, to, dedupeKey, payload: { ...base, product: lines[0], price: order.totalPaisa } }, tx);
    } else {
      await this.outbox.record({ event: ORDER_PLACED_EVENTS.checkout, to, dedupeKey, payload: { ...base, total: order.totalPaisa, items: lines } }, tx);
    }
  }
}
