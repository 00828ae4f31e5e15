import type { Express } from 'express';
import { SymbolRequired } from '@platform/domain';
import { rateLimitMiddleware } from '@platform/http';
import { ANALYSIS_RATE_LIMIT } from './analysis-route';

/** Every per-company stock-analysis endpoint (market-data.md "Stock analysis"). */
const COMPANY_ENDPOINTS = 'snapshot|statements|ratios|dividends|ownership|peers|announcements|fair-value';

/**
 * Rule 1 of market-data.md wants 400 `symbol is required` for an empty {symbol}, but express
 * does not match `:symbol` on an empty segment (`/companies//fundamentals/snapshot` would be 404).
 * Mounted as plain express, not as a controller action, so the OpenAPI document lists no path
 * with `//`; the company routes' descriptions state the 400.
 */
export function mountEmptySymbolRoute(app: Express): void {
  app.get(`/api/market/companies//fundamentals/:endpoint(${COMPANY_ENDPOINTS})`, rateLimitMiddleware(ANALYSIS_RATE_LIMIT), (_req, _res, next) => {
    next(SymbolRequired());
  });
}
