import { Service } from 'typedi';
import { Database, Op, OrderModel, PaymentCallbackModel, PaymentModel, Transaction } from '@platform/db';
import type { PaymentContext } from './payment-verifier';

/** Reads and small writes around a payment that the callback, finalization and order lifecycle use cases share. */
@Service()
export class PaymentRecords {
  constructor(private readonly db: Database) {}

  /** The payment with its order, or null when either is missing or they do not belong together. */
  async context(paymentId: number, orderId?: number): Promise<PaymentContext | null> {
    const payment = await PaymentModel.findByPk(paymentId);
    if (!payment || (orderId !== undefined && payment.orderId !== orderId)) return null;
    const order = await OrderModel.findByPk(payment.orderId);
    return order ? { payment, order } : null;
  }

  callback(callbackId: number, paymentId: number): Promise<PaymentCallbackModel | null> {
    return PaymentCallbackModel.findOne({ where: { id: callbackId, paymentId, outcome: 'success' } });
  }

  /** The gateway confirmed the payment of the order just paid. */
  async complete(paymentId: number, reference: string, tx: Transaction): Promise<void> {
    await PaymentModel.update(
      { status: 'completed', completedAt: new Date(), gatewayReference: reference.slice(0, 255) },
      { where: { id: paymentId }, transaction: tx },
    );
  }

  /**
   * The gateway confirmed the payment of an order already closed: completed, with the refund owed
   * and `note` on it. False when it was recorded as completed before (nothing changed).
   */
  async completeAfterClose(paymentId: number, reference: string, note: string, tx: Transaction): Promise<boolean> {
    const now = new Date();
    const [count] = await PaymentModel.update(
      { status: 'completed', completedAt: now, refundOwedAt: now, gatewayReference: reference.slice(0, 255), lastVerificationError: note },
      { where: { id: paymentId, status: { [Op.ne]: 'completed' } }, transaction: tx },
    );
    return count > 0;
  }

  /**
   * An order closed without payment (payment_failed, cancelled): its open payments (initiated,
   * pending) become failed; with `note` they stay open and carry it instead, for a person to check
   * with the gateway (it never said they failed).
   */
  async closeOpen(orderId: number, note: string | undefined, tx: Transaction): Promise<void> {
    await PaymentModel.update(note === undefined ? { status: 'failed' } : { lastVerificationError: note.slice(0, 1000) }, {
      where: { orderId, status: { [Op.in]: ['initiated', 'pending'] } },
      transaction: tx,
    });
  }

  /**
   * A paid order cancelled or refunded owes its money back: the completed payment is marked
   * refund-owed. The money goes back outside the platform (the gateway's merchant panel); an admin
   * records it with POST /api/admin/orders/:id/payments/:paymentId/refund-settled.
   */
  async owesRefund(orderId: number, tx: Transaction): Promise<void> {
    await PaymentModel.update({ refundOwedAt: new Date() }, { where: { orderId, status: 'completed', refundOwedAt: null }, transaction: tx });
  }

  /**
   * CONTRACT section 4: a forged or mismatched callback is recorded on the payment; nothing else
   * changes. A completed payment's record is final (its reference, and the refund-owed note of a
   * payment confirmed after its order closed): anything said about it later is only logged.
   */
  async failedVerification(paymentId: number, error: string): Promise<void> {
    await PaymentModel.update(
      { verificationAttempts: this.db.sequelize.literal('verification_attempts + 1'), lastVerificationError: error.slice(0, 1000) },
      { where: { id: paymentId, status: { [Op.ne]: 'completed' } } },
    );
  }
}
