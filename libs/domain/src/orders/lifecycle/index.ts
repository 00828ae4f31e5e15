export { ORDER_TRANSITIONS, ORDER_COMMANDS, canTransition, commandAllowed } from './order-transitions';
export type { OrderCommand } from './order-transitions';
export { OrderTransitionService } from './order-transition.service';
export type { OrderTransition, OrderTransitionActor, OrderTransitionChanges } from './order-transition.service';
export { ORDER_CANCELLED_EVENT, orderCancelledDedupeKey, orderCancelledEvent } from './order-cancelled.events';
export { refundRequestTransition } from './order-refund-requested.events';
export type { RefundRequest } from './order-refund-requested.events';
export * from './order-lifecycle.errors';
export {
  CancelOrderDto,
  CancelOrderAdminDto,
  RequestRefundDto,
  ProcessRefundDto,
  MarkRefundPendingDto,
  PROCESS_REFUND_ACTIONS,
} from './dto/order-lifecycle.dto';
export type { ProcessRefundAction } from './dto/order-lifecycle.dto';
export { ASYNC_REQUEST_VIEW_SCHEMA } from './async-requests/order-async-request.views';
export type { AsyncRequestView, AsyncRequestResult } from './async-requests/order-async-request.views';
export { OrderAsyncRequests } from './async-requests/order-async-requests.service';
export { OrderAsyncRequestSweep, ORDER_REQUEST_ABANDON_AFTER_MS, ORDER_REQUEST_REQUEUE_AFTER_MS } from './async-requests/order-async-request-sweep';
export type { OrderRequestSweepOutcome } from './async-requests/order-async-request-sweep';
export { RequestOrderCancelUseCase } from './use-cases/request-order-cancel.use-case';
export { RequestRefundProcessingUseCase } from './use-cases/request-refund-processing.use-case';
export { CancelOrderUseCase } from './use-cases/cancel-order.use-case';
export type { OrderRequestOutcome } from './use-cases/cancel-order.use-case';
export { ProcessRefundUseCase } from './use-cases/process-refund.use-case';
export { RequestRefundUseCase } from './use-cases/request-refund.use-case';
export { MarkRefundPendingUseCase } from './use-cases/mark-refund-pending.use-case';
