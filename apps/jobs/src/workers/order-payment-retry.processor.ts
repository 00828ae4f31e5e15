import { FinalizePaymentSuccessUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/**
 * learning-commerce.md, "Background jobs": order.payment_retry re-verifies a payment whose gateway
 * said "pending", with the payment's latest success callback; the use case schedules the next
 * attempt (bounded by maxAttempts) while the gateway stays undecided.
 */
export const orderPaymentRetryProcessor = defineProcessor({
  job: 'order.payment_retry',
  process: (job, container) =>
    container.get(FinalizePaymentSuccessUseCase).execute({ orderId: job.data.orderId, paymentId: job.data.paymentId, attempt: job.data.attempt }),
});
