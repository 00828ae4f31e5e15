import { Inject, Service } from 'typedi';
import { CourseModel, DigitalBookModel, OrderItemModel, OrderModel, ProductAccessModel, Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import { QueueRegistry } from '@platform/queue';
import { NotificationOutbox, OutboxEvent } from '../../notifications';
import { LOGGER } from '../../shared';
import { PAYMENT_EVENTS, PAYMENT_JOB_IDS } from './payment-jobs';

export interface PaidOrderGrant {
  item: OrderItemModel;
  access: ProductAccessModel;
}

/**
 * learning-commerce.md, "Events" and "Background jobs": what follows a payment's finalization.
 * Events are recorded in the finalizing transaction (NotificationOutbox, one per dedupe key) and
 * delivered after commit; the cart clearing is queued after commit with a deterministic job id.
 * A queue failure is logged and never undoes the payment ("a delivery failure never blocks access
 * writes").
 */
@Service()
export class PaymentEvents {
  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly queues: QueueRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async paid(order: OrderModel, paymentReference: string, grants: PaidOrderGrant[], tx: Transaction): Promise<void> {
    const to = { audience: 'customer', userId: order.userId } as const;
    const payload = { orderId: order.id, orderNumber: order.orderNumber, paymentReference };
    const event = order.source === 'buy_now' ? PAYMENT_EVENTS.receivedBuyNow : PAYMENT_EVENTS.receivedCheckout;
    await this.outbox.record({ event, to, payload, dedupeKey: `ORDER_PAYMENT_RECEIVED:order:${order.id}` }, tx);
    for (const { item, access } of grants) {
      const granted = await this.accessGrantedEvent(item, access, tx);
      if (granted) await this.outbox.record(granted, tx);
    }
    if (order.source === 'checkout') {
      tx.afterCommit(() => this.clearCart(order));
    }
  }

  async failed(order: OrderModel, reason: string, tx: Transaction): Promise<void> {
    await this.outbox.record(
      {
        event: PAYMENT_EVENTS.failed,
        to: { audience: 'customer', userId: order.userId },
        payload: { orderId: order.id, orderNumber: order.orderNumber, reason },
        dedupeKey: `ORDER_PAYMENT_FAILED:order:${order.id}`,
      },
      tx,
    );
  }

  private async accessGrantedEvent(item: OrderItemModel, access: ProductAccessModel, tx: Transaction): Promise<OutboxEvent | null> {
    const to = { audience: 'customer', userId: access.userId } as const;
    const common = { userId: access.userId, productId: item.productId, productAccessId: access.id, orderId: access.orderId };
    if (item.productType === 'course') {
      const course = await CourseModel.findOne({ where: { productId: item.productId }, attributes: ['id'], transaction: tx });
      const payload = { ...common, courseId: course?.id ?? null };
      return { event: PAYMENT_EVENTS.courseAccessGranted, to, payload, dedupeKey: `COURSE_ACCESS_GRANTED:access:${access.id}` };
    }
    if (item.productType === 'digital_book') {
      const book = await DigitalBookModel.findOne({ where: { productId: item.productId }, attributes: ['id'], transaction: tx });
      const payload = { ...common, bookletId: book?.id ?? null };
      return { event: PAYMENT_EVENTS.bookletAccessGranted, to, payload, dedupeKey: `BOOKLET_ACCESS_GRANTED:access:${access.id}` };
    }
    return null; // training orders are finalized by enrollment (TRAINING_ENROLLMENT_CONFIRMED), not built here
  }

  private async clearCart(order: OrderModel): Promise<void> {
    try {
      await this.queues.add('cart.clear_after_order_confirmed', { userId: order.userId, orderId: order.id }, { jobId: PAYMENT_JOB_IDS.clearCart(order.id) });
    } catch (error) {
      this.logger.warn({ err: error, orderId: order.id }, 'could not queue the cart clearing after payment');
    }
  }
}
