import { FinalizePaymentFailureUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/**
 * learning-commerce.md, "Background jobs": order.payment_failed after a failure callback. The
 * gateway decides: only a terminal "not completed" fails the order; while it is undecided the job
 * is queued again later (`recheck`); nothing changes after paid.
 */
export const orderPaymentFailedProcessor = defineProcessor({
  job: 'order.payment_failed',
  concurrency: 5,
  process: (job, container) =>
    container.get(FinalizePaymentFailureUseCase).execute({
      orderId: job.data.orderId,
      paymentId: job.data.paymentId,
      reason: job.data.reason,
      recheck: job.data.recheck,
    }),
});
