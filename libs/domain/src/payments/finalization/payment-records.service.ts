import { Service } from 'typedi';
import { Database, OrderModel, PaymentCallbackModel, PaymentModel } from '@platform/db';
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

  callback(callbackId: number, paymentId: number): Promise<PaymentCallbackModel | null> {
    return PaymentCallbackModel.findOne({ where: { id: callbackId, paymentId, outcome: 'success' } });
  }

  latestSuccessCallback(paymentId: number): Promise<PaymentCallbackModel | null> {
    return PaymentCallbackModel.findOne({ where: { paymentId, outcome: 'success' }, order: [['lastReceivedAt', 'DESC'], ['id', 'DESC']] });
  }

  /** CONTRACT section 4: a forged or mismatched callback is recorded on the payment; nothing else changes. */
  async failedVerification(paymentId: number, error: string): Promise<void> {
    await PaymentModel.update(
      { verificationAttempts: this.db.sequelize.literal('verification_attempts + 1'), lastVerificationError: error.slice(0, 1000) },
      { where: { id: paymentId } },
    );
  }
}
