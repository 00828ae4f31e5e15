import { AutoCancelOrderUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/** learning-commerce.md, "Background jobs": order.auto_cancel closes one unpaid order; nothing changes once it is paid or closed. */
export const orderAutoCancelProcessor = defineProcessor({
  job: 'order.auto_cancel',
  concurrency: 5,
  process: (job, container) => container.get(AutoCancelOrderUseCase).execute({ orderId: job.data.orderId, reason: job.data.reason }),
});

/**
 * Every minute: each order still payment_pending after ORDER_AUTO_CANCEL_MINUTES (no completed
 * payment, no recent callback). The gateway is asked first: a confirmed payment pays the order
 * instead, an undecided or unreachable gateway keeps it for a later sweep (up to 24 h).
 */
export const orderAutoCancelSweepProcessor = defineProcessor({
  job: 'order.auto_cancel_sweep',
  repeat: { every: 60_000 },
  process: (_job, container) => container.get(AutoCancelOrderUseCase).sweep(),
});
