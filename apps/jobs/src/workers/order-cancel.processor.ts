import { CancelOrderUseCase, OrderAsyncRequests, OrderAsyncRequestSweep } from '@platform/domain';
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

/**
 * Every minute: cancel and refund requests whose job never finished (process died before queueing,
 * workers crashed) are queued again after 2 minutes and settled failed after 30 (OrderAsyncRequestSweep).
 */
export const orderAsyncRequestSweepProcessor = defineProcessor({
  job: 'order.async_request_sweep',
  repeat: { every: 60_000 },
  process: (_job, container) => container.get(OrderAsyncRequestSweep).sweep(),
});
