import { ExpireCartsUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/** learning-commerce.md, "Background jobs": cart.expire runs every CART_EXPIRE_INTERVAL_MS. */
export const cartExpireProcessor = defineProcessor({
  job: 'cart.expire',
  repeat: (config) => ({ every: config.limits.cart.expireIntervalMs }),
  process: (_job, container) => container.get(ExpireCartsUseCase).execute(),
});
