import { Service } from 'typedi';
import { Database, OrderModel, OrderNoteModel, PaymentModel } from '@platform/db';
import type { AdminActor } from '../../../shared';
import { DomainError, isRowId, NotFound } from '../../../shared';
import { OrderCaches } from '../../reads/order-caches.service';
import type { OrderAdminDetailView } from '../admin-order.views';
import { AdminOrdersService } from '../admin-orders.service';
import { AdminOrderNotFound } from '../admin-orders.errors';
import type { SettleRefundDto } from '../dto/settle-refund.dto';

/**
 * POST /api/admin/orders/:id/payments/:paymentId/refund-settled: an admin records that money the
 * platform owed back on a payment (payments.refund_owed_at: a refund approved, a paid order
 * cancelled, or a payment confirmed after its order closed) has been returned. Sets
 * refund_settled_at once and appends an order note naming the reference, in one transaction.
 * Unknown order: 404 ORDER_NOT_FOUND; a payment not of that order: 404 NOT_FOUND; nothing owed or
 * already settled: 409 CONFLICT. Answers the admin order detail.
 */
@Service()
export class SettleOwedRefundUseCase {
  constructor(
    private readonly db: Database,
    private readonly orderCaches: OrderCaches,
    private readonly adminOrders: AdminOrdersService,
  ) {}

  async execute(admin: AdminActor, orderId: number, paymentId: number, dto: SettleRefundDto): Promise<OrderAdminDetailView> {
    if (!isRowId(orderId)) throw AdminOrderNotFound();
    await this.db.transaction(async (tx) => {
      const order = await OrderModel.findByPk(orderId, { attributes: ['id', 'userId'], transaction: tx });
      if (!order) throw AdminOrderNotFound();
      const payment = isRowId(paymentId)
        ? await PaymentModel.findOne({ where: { id: paymentId, orderId }, lock: tx.LOCK.UPDATE, transaction: tx })
        : null;
      if (!payment) throw NotFound('Payment not found on this order');
      if (!payment.refundOwedAt) throw new DomainError('CONFLICT', 'No refund is owed on this payment');
      if (payment.refundSettledAt) throw new DomainError('CONFLICT', `The refund was already settled at ${payment.refundSettledAt.toISOString()}`);
      await payment.update({ refundSettledAt: new Date() }, { transaction: tx });
      await OrderNoteModel.create({ orderId, adminId: admin.id, note: settlementNote(payment.id, dto) }, { transaction: tx });
      await this.orderCaches.invalidate(order.userId, tx);
    });
    return this.adminOrders.get(orderId);
  }
}

function settlementNote(paymentId: number, { reference, note }: SettleRefundDto): string {
  return [`Refund of payment ${paymentId} settled`, reference ? `reference ${reference}` : null, note || null].filter(Boolean).join('; ');
}
