import { ClearCartAfterOrderUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/** learning-commerce.md, "States and transitions → Cart": queued by order payment success. */
export const cartClearAfterOrderProcessor = defineProcessor({
  job: 'cart.clear_after_order_confirmed',
  process: (job, container) =>
    container.get(ClearCartAfterOrderUseCase).execute({ userId: job.data.userId, orderId: job.data.orderId }),
});
