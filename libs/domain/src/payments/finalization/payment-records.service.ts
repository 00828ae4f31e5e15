import { Service } from 'typedi';
import { Database, Op, OrderModel, PaymentCallbackModel, PaymentModel } from '@platform/db';
import type { PaymentContext } from './payment-verifier';

/** Reads and small writes around a payment that the callback and finalization use cases share. */
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

  /**
   * Whether the payment belongs to the order and the gateway confirmed it after the order closed,
   * with the refund not yet settled (the result page says so instead of "not charged").
   */
  async refundOwed(paymentId: number, orderId: number): Promise<boolean> {
    const owed = await PaymentModel.count({ where: { id: paymentId, orderId, refundOwedAt: { [Op.ne]: null }, refundSettledAt: null } });
    return owed > 0;
  }

  callback(callbackId: number, paymentId: number): Promise<PaymentCallbackModel | null> {
    return PaymentCallbackModel.findOne({ where: { id: callbackId, paymentId, outcome: 'success' } });
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
