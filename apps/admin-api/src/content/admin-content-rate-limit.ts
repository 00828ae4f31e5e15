import { RateLimitedController, slidingPolicy } from '@platform/http';

/**
 * community-content-uploads.md "Limits": every admin newsletter route (`/api/admin/content-*`)
 * shares one sliding window per admin (the token's sub; the IP for a request without a valid
 * token, which the route then refuses 401): CONTENT_ADMIN_RATE_LIMIT requests per
 * CONTENT_ADMIN_RATE_WINDOW_SECONDS (CONTRACT section 10: 120 per 60 s by default). With Redis down
 * the routes go on uncounted (slidingPolicy's failOpen), as the customer content reads do: their
 * writes live in PostgreSQL, and a limiter outage should not take the newsletter desk down with it.
 */
export const CONTENT_ADMIN_ROUTES = slidingPolicy(
  'content-admin',
  (config) => config.limits.content.adminRateLimit,
  (config) => config.limits.content.adminRateWindowSeconds,
);

const DOC =
  'more than CONTENT_ADMIN_RATE_LIMIT requests to the admin newsletter routes (all of them together) in a sliding ' +
  'window of CONTENT_ADMIN_RATE_WINDOW_SECONDS from this admin, or from this IP without a valid token (default 120 per 60 s).';

/** On each admin content controller (class level): counts its routes in CONTENT_ADMIN_ROUTES, and documents the 429. */
export const ContentAdminRateLimit = (): ClassDecorator => RateLimitedController(CONTENT_ADMIN_ROUTES, DOC);
