import { FinalizePaymentSuccessUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/**
 * learning-commerce.md, "Background jobs": order.payment_success after a success callback. Safe to
 * run twice (one guarded transition); an unreachable gateway throws, so bull retries with backoff.
 */
export const orderPaymentSuccessProcessor = defineProcessor({
  job: 'order.payment_success',
  concurrency: 5,
  process: (job, container) =>
    container.get(FinalizePaymentSuccessUseCase).execute({ orderId: job.data.orderId, paymentId: job.data.paymentId, callbackId: job.data.callbackId }),
});
