import { Get, Header } from 'routing-controllers';
import { ANALYSIS_FRESHNESS_SECONDS, AnalysisEndpoint } from '@platform/domain';
import { RateLimit, RateLimitPolicy } from '@platform/http';

/**
 * CONTRACT section 8: 30 stock-analysis requests per minute per IP, shared by every route. When
 * Redis cannot count, requests pass: the data is public and the answers are cached.
 */
export const ANALYSIS_RATE_LIMIT: RateLimitPolicy = { name: 'market-analysis', points: 30, durationSeconds: 60, by: 'ip', failOpen: true };

const combine =
  (...decorators: MethodDecorator[]): MethodDecorator =>
  (target, propertyKey, descriptor) => {
    for (const decorator of decorators) decorator(target, propertyKey, descriptor);
  };

/**
 * A public stock-analysis GET route: the shared rate limit, and a Cache-Control header that
 * says what the server cache does (the spec's freshness of that endpoint).
 */
export const AnalysisGet = (path: string, endpoint: AnalysisEndpoint): MethodDecorator =>
  combine(
    Get(path) as MethodDecorator,
    RateLimit(ANALYSIS_RATE_LIMIT) as MethodDecorator,
    Header('Cache-Control', `public, max-age=${ANALYSIS_FRESHNESS_SECONDS[endpoint]}`) as MethodDecorator,
  );
