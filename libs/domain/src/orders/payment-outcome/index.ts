export { FinalizePaymentSuccessUseCase } from './finalize-payment-success.use-case';
export type { FinalizePaymentSuccessInput, FinalizePaymentSuccessResult, SettlePaymentResult } from './finalize-payment-success.use-case';
export { FinalizePaymentFailureUseCase } from './finalize-payment-failure.use-case';
export type { FinalizePaymentFailureInput, FinalizePaymentFailureResult } from './finalize-payment-failure.use-case';
export { OrderPaymentEventsService } from './order-payment-events.service';
