import { FinalizePaymentSuccessUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/**
 * learning-commerce.md, "Background jobs": order.payment_retry asks the gateway again about a
 * payment it called "pending" (its status check or lookup only: the callback that started the
 * chain passed its checks once, and a callback stored since must not end the chain); the use case
 * schedules the next attempt (bounded by maxAttempts) while the gateway stays undecided.
 */
export const orderPaymentRetryProcessor = defineProcessor({
  job: 'order.payment_retry',
  process: (job, container) =>
    container.get(FinalizePaymentSuccessUseCase).execute({ orderId: job.data.orderId, paymentId: job.data.paymentId, attempt: job.data.attempt }),
});
