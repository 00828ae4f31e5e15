import { Inject, Service } from 'typedi';
import { CourseModel, DigitalBookModel, OrderItemModel, OrderModel, ProductAccessModel } from '@platform/db';
import type { Logger } from '@platform/observability';
import { JobName, JobPayloads, QueueRegistry } from '@platform/queue';
import { LOGGER } from '../../shared';
import { PAYMENT_EVENTS, PAYMENT_JOB_IDS } from './payment-jobs';

export interface PaidOrderGrant {
  item: OrderItemModel;
  access: ProductAccessModel;
}

/**
 * learning-commerce.md, "Events" and "Background jobs": what follows a payment's finalization,
 * queued only after its transaction commits, each job with a deterministic id. A queue failure
 * is logged and never undoes the payment ("a delivery failure never blocks access writes").
 */
@Service()
export class PaymentEvents {
  constructor(
    private readonly queues: QueueRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async paid(order: OrderModel, paymentReference: string, grants: PaidOrderGrant[]): Promise<void> {
    const base = { orderId: order.id, orderNumber: order.orderNumber, paymentReference };
    const event = order.source === 'buy_now' ? PAYMENT_EVENTS.receivedBuyNow : PAYMENT_EVENTS.receivedCheckout;
    await this.add('notification.deliver', { event, recipientUserId: order.userId, payload: base }, PAYMENT_JOB_IDS.paymentReceived(order.id));
    for (const { item, access } of grants) {
      const granted = await this.accessGrantedEvent(item, access);
      if (granted) await this.add('notification.deliver', granted, PAYMENT_JOB_IDS.accessGranted(access.id));
    }
    if (order.source === 'checkout') {
      await this.add('cart.clear_after_order_confirmed', { userId: order.userId, orderId: order.id }, PAYMENT_JOB_IDS.clearCart(order.id));
    }
  }

  async failed(order: OrderModel, reason: string): Promise<void> {
    const payload = { orderId: order.id, orderNumber: order.orderNumber, reason };
    await this.add('notification.deliver', { event: PAYMENT_EVENTS.failed, recipientUserId: order.userId, payload }, PAYMENT_JOB_IDS.paymentFailedEvent(order.id));
  }

  private async accessGrantedEvent(item: OrderItemModel, access: ProductAccessModel): Promise<JobPayloads['notification.deliver'] | null> {
    const common = { userId: access.userId, productId: item.productId, productAccessId: access.id, orderId: access.orderId };
    if (item.productType === 'course') {
      const course = await CourseModel.findOne({ where: { productId: item.productId }, attributes: ['id'] });
      return { event: PAYMENT_EVENTS.courseAccessGranted, recipientUserId: access.userId, payload: { ...common, courseId: course?.id ?? null } };
    }
    if (item.productType === 'digital_book') {
      const book = await DigitalBookModel.findOne({ where: { productId: item.productId }, attributes: ['id'] });
      return { event: PAYMENT_EVENTS.bookletAccessGranted, recipientUserId: access.userId, payload: { ...common, bookletId: book?.id ?? null } };
    }
    return null; // training orders are finalized by enrollment (TRAINING_ENROLLMENT_CONFIRMED), not built here
  }

  private async add<J extends JobName>(job: J, payload: JobPayloads[J], jobId: string): Promise<void> {
    try {
      await this.queues.add(job, payload, { jobId });
    } catch (error) {
      this.logger.warn({ err: error, job, jobId }, 'could not queue a payment follow-up job');
    }
  }
}
