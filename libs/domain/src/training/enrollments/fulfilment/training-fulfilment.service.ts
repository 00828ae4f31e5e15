import { Service } from 'typedi';
import { OrderItemModel, OrderModel, TrainingEnrollmentModel, Transaction } from '@platform/db';
import type { FulfilmentHandler, FulfilmentReleaseReason, FulfilmentRevokeReason } from '../../../shared';
import { EnrollmentAccessService } from '../enrollment-access.service';

const SYSTEM = { type: 'system' } as const;
const RELEASE_NOTES: Record<FulfilmentReleaseReason, string> = {
  payment_failed: 'Payment failed: enrollment cancelled and seat released',
  cancelled: 'Order cancelled before payment: enrollment cancelled and seat released',
};
const REVOKE_NOTES: Record<FulfilmentRevokeReason, string> = {
  cancelled: 'Paid order cancelled: enrollment cancelled, seat released and access revoked',
  refund_approved: 'Refund approved: enrollment cancelled, seat released and access revoked',
};

/**
 * What a `training` order line gives (learning-commerce.md "States and transitions → Training
 * enrollment"), plugged into the orders context's fulfilment registry (FULFILMENT_HANDLERS; orders
 * never imports training). The order's enrollment (training_enrollments.order_id, unique) moves:
 * - fulfil (order paid, or a free order paid at once): pending → enrolled with its access and
 *   TRAINING_ENROLLMENT_CONFIRMED (EnrollmentAccessService.grant);
 * - release (unpaid order failed, cancelled or auto-cancelled): pending → cancelled, seat released;
 * - revoke (paid order cancelled, refund approved): → cancelled, seat released, the order's access revoked.
 * The orders context calls each hook once per order transition; the enrollment moves are guarded
 * too, so an enrollment already moved by a cancellation (or an admin) is left alone.
 */
@Service()
export class TrainingFulfilmentService implements FulfilmentHandler {
  readonly productTypes = ['training'] as const;

  constructor(private readonly access: EnrollmentAccessService) {}

  async fulfil(order: OrderModel, _items: readonly OrderItemModel[], tx: Transaction): Promise<void> {
    const enrollment = await this.enrollmentOf(order, tx);
    // A paid training order without its enrollment is a bug: fail loudly, the payment transition rolls back.
    if (!enrollment) throw new Error(`order ${order.id} has a training line but no enrollment`);
    await this.access.grant(enrollment.id, SYSTEM, `Payment received for order ${order.orderNumber}`, tx);
  }

  async release(order: OrderModel, _items: readonly OrderItemModel[], reason: FulfilmentReleaseReason, tx: Transaction): Promise<void> {
    const enrollment = await this.enrollmentOf(order, tx);
    if (enrollment) await this.access.release(enrollment.id, SYSTEM, RELEASE_NOTES[reason], tx);
  }

  async revoke(order: OrderModel, _items: readonly OrderItemModel[], reason: FulfilmentRevokeReason, tx: Transaction): Promise<void> {
    const enrollment = await this.enrollmentOf(order, tx);
    if (enrollment) await this.access.revoke(enrollment.id, SYSTEM, REVOKE_NOTES[reason], tx);
  }

  private enrollmentOf(order: OrderModel, tx: Transaction): Promise<TrainingEnrollmentModel | null> {
    return TrainingEnrollmentModel.findOne({ where: { orderId: order.id }, attributes: ['id'], transaction: tx });
  }
}
