import type { RateLimitPolicy } from '@platform/http';

/**
 * learning-commerce.md, "Limits": admin order list, 60 requests per minute per admin. It fails
 * open: when Redis is down the list is read from the database (the cache falls back too), so
 * support staff can still look orders up during the outage; the limit only guards against a
 * runaway client of an authenticated admin.
 */
export const ADMIN_ORDER_LIST_RATE_LIMIT: RateLimitPolicy = {
  name: 'admin-orders-list',
  points: 60,
  durationSeconds: 60,
  by: 'actor',
  failOpen: true,
};

/**
 * learning-commerce.md, "Limits": admin order mutations, 20 requests per minute per admin. Every
 * mutation route under /api/admin/orders (notes, cancel, process-refund, refund-pending,
 * refund-settled) shares this one budget. Fails closed (503 when Redis cannot count), as the other
 * mutation routes do.
 */
export const ADMIN_ORDER_MUTATION_RATE_LIMIT: RateLimitPolicy = {
  name: 'admin-orders-mutations',
  points: 20,
  durationSeconds: 60,
  by: 'actor',
};

/** Not in the spec: polling a request status, at the admin list's budget (60 per minute per admin). */
export const ADMIN_REQUEST_STATUS_RATE_LIMIT: RateLimitPolicy = {
  name: 'admin-orders-request-status',
  points: 60,
  durationSeconds: 60,
  by: 'actor',
};
