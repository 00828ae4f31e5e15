import { OrderAsyncRequests, ProcessRefundUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/**
 * learning-commerce.md, "Background jobs": order.process_refund approves or rejects a requested
 * refund and settles the admin's request; queued with jobId = requestId, safe to run twice.
 */
export const orderProcessRefundProcessor = defineProcessor({
  job: 'order.process_refund',
  concurrency: 5,
  process: (job, container) => container.get(ProcessRefundUseCase).execute(job.data),
  onGaveUp: (job, error, container) =>
    container.get(OrderAsyncRequests).settleAbandoned(job.data.requestId, `gave up after ${job.attemptsMade + 1} attempts: ${String(error)}`),
});
