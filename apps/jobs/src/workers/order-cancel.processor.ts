import { CancelOrderUseCase, OrderAsyncRequests } from '@platform/domain';
import { defineProcessor } from './processor';

/**
 * learning-commerce.md, "Background jobs": order.cancel carries out a cancel request (customer or
 * admin) and settles it; queued with jobId = requestId, and a repeat finds the request settled.
 */
export const orderCancelProcessor = defineProcessor({
  job: 'order.cancel',
  concurrency: 5,
  process: (job, container) => container.get(CancelOrderUseCase).execute(job.data),
  onGaveUp: (job, error, container) =>
    container.get(OrderAsyncRequests).settleAbandoned(job.data.requestId, `gave up after ${job.attemptsMade + 1} attempts: ${String(error)}`),
});
