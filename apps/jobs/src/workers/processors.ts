import { cartClearAfterOrderProcessor } from './cart-clear-after-order.processor';
import { cartExpireProcessor } from './cart-expire.processor';
import { channelPurgeProcessor } from './channel-purge.processor';
import { notificationDeliverProcessor, notificationDispatchPendingProcessor } from './notification-delivery.processor';
import { orderAutoCancelProcessor, orderAutoCancelSweepProcessor } from './order-auto-cancel.processor';
import { orderAsyncRequestSweepProcessor, orderCancelProcessor } from './order-cancel.processor';
import { orderPaymentFailedProcessor } from './order-payment-failed.processor';
import { orderPaymentRetryProcessor } from './order-payment-retry.processor';
import { orderPaymentSuccessProcessor } from './order-payment-success.processor';
import { orderProcessRefundProcessor } from './order-process-refund.processor';
import type { JobProcessor } from './processor';
import { purgeIdempotencyKeysProcessor } from './purge-idempotency-keys.processor';
import { purgeRefreshTokensProcessor } from './purge-refresh-tokens.processor';
import { trainingWaitlistHoldExpiryProcessor } from './training-waitlist-hold-expiry.processor';
import { watchEventsPartitionsProcessor } from './watch-events-partitions.processor';
import { contentPublishDueProcessor } from './content-publish-due.processor';

/** Every processor the jobs app runs, listed explicitly. */
export const PROCESSORS: JobProcessor[] = [
  purgeRefreshTokensProcessor as JobProcessor,
  purgeIdempotencyKeysProcessor as JobProcessor,
  cartExpireProcessor as JobProcessor,
  cartClearAfterOrderProcessor as JobProcessor,
  orderPaymentSuccessProcessor as JobProcessor,
  orderPaymentFailedProcessor as JobProcessor,
  orderPaymentRetryProcessor as JobProcessor,
  orderAutoCancelProcessor as JobProcessor,
  orderAutoCancelSweepProcessor as JobProcessor,
  notificationDeliverProcessor as JobProcessor,
  notificationDispatchPendingProcessor as JobProcessor,
  orderCancelProcessor as JobProcessor,
  orderProcessRefundProcessor as JobProcessor,
  orderAsyncRequestSweepProcessor as JobProcessor,
  watchEventsPartitionsProcessor as JobProcessor,
  trainingWaitlistHoldExpiryProcessor as JobProcessor,
  channelPurgeProcessor as JobProcessor,
  contentPublishDueProcessor as JobProcessor,
];
