export { AutoCancelOrderUseCase, AUTO_CANCEL_GIVE_UP_AFTER_MS, AUTO_CANCEL_REASON } from './auto-cancel-order.use-case';
export type { AutoCancelOrderInput, AutoCancelOrderResult } from './auto-cancel-order.use-case';
