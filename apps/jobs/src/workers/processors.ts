import { cartClearAfterOrderProcessor } from './cart-clear-after-order.processor';
import { cartExpireProcessor } from './cart-expire.processor';
import type { JobProcessor } from './processor';
import { purgeRefreshTokensProcessor } from './purge-refresh-tokens.processor';

/** Every processor the jobs app runs, listed explicitly. */
export const PROCESSORS: JobProcessor[] = [
  purgeRefreshTokensProcessor as JobProcessor,
  cartExpireProcessor as JobProcessor,
  cartClearAfterOrderProcessor as JobProcessor,
];
