import { FinalizePaymentFailureUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/** learning-commerce.md, "Background jobs": order.payment_failed after a failure callback; nothing changes after paid. */
export const orderPaymentFailedProcessor = defineProcessor({
  job: 'order.payment_failed',
  concurrency: 5,
  process: (job, container) =>
    container.get(FinalizePaymentFailureUseCase).execute({ orderId: job.data.orderId, paymentId: job.data.paymentId, reason: job.data.reason }),
});
