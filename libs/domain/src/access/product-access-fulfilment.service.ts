import { Service } from 'typedi';
import { CourseModel, DigitalBookModel, OrderItemModel, OrderModel, ProductAccessModel, Transaction } from '@platform/db';
import { NotificationOutbox, OutboxEvent } from '../notifications';
import type { FulfilmentHandler } from '../shared';
import { GrantProductAccessUseCase } from './grant-product-access.use-case';
import { RevokeOrderAccessUseCase } from './revoke-order-access.use-case';

/**
 * Courses and digital books are bought for good: each line gets a lifetime grant through the
 * access context (idempotent per (order, product)) and its COURSE_ACCESS_GRANTED or
 * BOOKLET_ACCESS_GRANTED; a revoke marks the order's grants of those products revoked. Grants of
 * other orders or by an admin are untouched, so a product bought twice stays available through
 * the other purchase. Nothing is held for an unpaid order, so there is nothing to release.
 * Registered for every app by libs/runtime's createAppContainer (FULFILMENT_HANDLERS).
 */
@Service()
export class ProductAccessFulfilmentService implements FulfilmentHandler {
  readonly productTypes = ['course', 'digital_book'] as const;

  constructor(
    private readonly grants: GrantProductAccessUseCase,
    private readonly revokes: RevokeOrderAccessUseCase,
    private readonly outbox: NotificationOutbox,
  ) {}

  async fulfil(order: OrderModel, items: readonly OrderItemModel[], tx: Transaction): Promise<void> {
    for (const item of items) {
      const { access } = await this.grants.execute({ userId: order.userId, productId: item.productId, accessType: 'lifetime', orderId: order.id }, tx);
      await this.outbox.record(await this.accessGranted(item, access, tx), tx);
    }
  }

  async revoke(order: OrderModel, items: readonly OrderItemModel[], _reason: string, tx: Transaction): Promise<void> {
    await this.revokes.execute(order.id, items.map((item) => item.productId), tx);
  }

  async release(): Promise<void> {
    // Nothing is reserved before payment: any number of customers may buy a course or a book.
  }

  private async accessGranted(item: OrderItemModel, access: ProductAccessModel, tx: Transaction): Promise<OutboxEvent> {
    const to = { audience: 'customer', userId: access.userId } as const;
    const common = { userId: access.userId, productId: item.productId, productAccessId: access.id, orderId: access.orderId };
    if (item.productType === 'course') {
      const course = await CourseModel.findOne({ where: { productId: item.productId }, attributes: ['id'], transaction: tx });
      return { event: 'COURSE_ACCESS_GRANTED', to, payload: { ...common, courseId: course?.id ?? null }, dedupeKey: `COURSE_ACCESS_GRANTED:access:${access.id}` };
    }
    const book = await DigitalBookModel.findOne({ where: { productId: item.productId }, attributes: ['id'], transaction: tx });
    return { event: 'BOOKLET_ACCESS_GRANTED', to, payload: { ...common, bookletId: book?.id ?? null }, dedupeKey: `BOOKLET_ACCESS_GRANTED:access:${access.id}` };
  }
}
