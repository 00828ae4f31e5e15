import type { Request } from 'express';
import { RateLimitedController, RateLimitPolicy, slidingPolicy } from '@platform/http';

/**
 * community-content-uploads.md "Limits": newsletter reads are limited in sliding windows per
 * client (the signed-in user when the token is valid, else the IP) and endpoint class. Each class
 * has its own counter; a request counts against exactly one:
 * - a search (a `search` query parameter, on any content read): CONTENT_CUSTOMER_SERIES_SEARCH_RATE_LIMIT;
 * - series reads (`/content/series...`): CONTENT_CUSTOMER_SERIES_RATE_LIMIT;
 * both per CONTENT_CUSTOMER_SERIES_RATE_WINDOW_SECONDS;
 * - every other content read (items, previews, /full, featured, the library): CONTENT_CUSTOMER_ITEM_*.
 * With Redis down the reads go on uncounted (slidingPolicy's failOpen): the spec has content reads
 * fall back to the database when Redis fails, which a 503 from the limiter would defeat.
 */
export const CONTENT_ITEM_READS = slidingPolicy(
  'content-items',
  (config) => config.limits.content.customerItemRateLimit,
  (config) => config.limits.content.customerItemRateWindowSeconds,
);

export const CONTENT_SERIES_READS = slidingPolicy(
  'content-series',
  (config) => config.limits.content.customerSeriesRateLimit,
  (config) => config.limits.content.customerSeriesRateWindowSeconds,
);

export const CONTENT_SEARCHES = slidingPolicy(
  'content-search',
  (config) => config.limits.content.customerSeriesSearchRateLimit,
  (config) => config.limits.content.customerSeriesRateWindowSeconds,
);

const SERIES_PATH = /\/content\/series(\/|$)/i;

/** The endpoint class of a content read (see CONTENT_ITEM_READS). */
export function contentReadClass(req: Request): RateLimitPolicy {
  const search = req.query['search'];
  if (search !== undefined && search !== '') return CONTENT_SEARCHES;
  return SERIES_PATH.test(req.path) ? CONTENT_SERIES_READS : CONTENT_ITEM_READS;
}

const DOC =
  'more requests in a sliding window than this client (the signed-in user, else the IP) may make in the route\'s class: ' +
  'a search (a `search` parameter) CONTENT_CUSTOMER_SERIES_SEARCH_RATE_LIMIT, series reads CONTENT_CUSTOMER_SERIES_RATE_LIMIT ' +
  '(both per CONTENT_CUSTOMER_SERIES_RATE_WINDOW_SECONDS), other content reads CONTENT_CUSTOMER_ITEM_RATE_LIMIT per ' +
  'CONTENT_CUSTOMER_ITEM_RATE_WINDOW_SECONDS (defaults: 300 per 60 s). Web and mobile routes count together.';

/** On a customer content controller (web and mobile routes alike): counts each request in its class, and documents the 429. */
export const ContentReadRateLimit = (): ClassDecorator => RateLimitedController(contentReadClass, DOC);
