import { DomainError, IdempotencyErrors, ValidationFailed } from '../../shared';

/** learning-commerce.md, "Errors → Orders"; statuses in libs/http's table. */
export const OrderCartEmpty = () => new DomainError('ORDER_CART_EMPTY', 'Your cart is empty');
export const OrderActiveCartNotFound = () => new DomainError('ORDER_ACTIVE_CART_NOT_FOUND', 'You have no active cart');
export const OrderProductNotAvailable = (what = 'This product is not available for purchase') =>
  new DomainError('ORDER_PRODUCT_NOT_AVAILABLE', what);
export const OrderPaymentMethodNotSupported = () =>
  new DomainError('ORDER_PAYMENT_METHOD_NOT_SUPPORTED', 'Only online payment is supported');
/** The same Idempotency-Key is still being processed, or was used for a different request. */
export const OrderIdempotencyInProgress = () =>
  new DomainError('ORDER_IDEMPOTENCY_MISMATCH', 'A request with this Idempotency-Key is still being processed');
export const OrderIdempotencyMismatch = () =>
  new DomainError('ORDER_IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was used for a different request');
export const OrderPaymentFailed = (message = 'The payment for this request could not be started') =>
  new DomainError('ORDER_PAYMENT_FAILED', message);
export const IdempotencyKeyInvalid = () => {
  const message = 'The Idempotency-Key header is required (1-255 visible characters)';
  return ValidationFailed(message, [{ field: 'Idempotency-Key', code: 'required', message }]);
};
/** How checkout and buy-now answer a repeated Idempotency-Key (learning-commerce.md, "Errors → Orders"). */
export const ORDER_IDEMPOTENCY_ERRORS: IdempotencyErrors = {
  invalidKey: IdempotencyKeyInvalid,
  inProgress: OrderIdempotencyInProgress,
  mismatch: OrderIdempotencyMismatch,
  failed: OrderPaymentFailed,
};
export const ReturnUrlNotAllowed = () => {
  const message = 'returnUrl must be an http(s) URL on an allowed origin';
  return ValidationFailed(message, [{ field: 'returnUrl', code: 'origin', message }]);
};
/** Khalti's minimum (KHALTI_MIN_AMOUNT_PAISA), said in rupees like the prices the customer sees. */
export const OrderBelowKhaltiMinimum = (minimumPaisa: number, totalPaisa: number) => {
  const message = `Khalti accepts payments of at least Rs ${minimumPaisa / 100} (${minimumPaisa} paisa); this order totals Rs ${(totalPaisa / 100).toFixed(2)}`;
  return ValidationFailed(message, [{ field: 'gateway', code: 'min_amount', message }]);
};
/** Free orders (total 0 after a discount or a zero price) have nothing to pay online; not built yet. */
export const OrderNothingToPay = () =>
  new DomainError('UNPROCESSABLE', 'This order has nothing to pay; free orders cannot be paid online');
