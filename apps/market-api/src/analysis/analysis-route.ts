import type { Response } from 'express';
import { Get } from 'routing-controllers';
import type { AnalysisAnswer } from '@platform/domain';
import { RateLimit, RateLimitPolicy, sendSerialisedData } from '@platform/http';

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

/** A public stock-analysis GET route under the shared rate limit; its action answers with `sendAnalysis`. */
export const AnalysisGet = (path: string): MethodDecorator => combine(Get(path) as MethodDecorator, RateLimit(ANALYSIS_RATE_LIMIT) as MethodDecorator);

/**
 * Sends a (cached) analysis answer as it was stored, in the success envelope, with a
 * Cache-Control that says how long the server cache keeps it: the rest of its freshness.
 */
export async function sendAnalysis(res: Response, answer: Promise<AnalysisAnswer<unknown>>): Promise<Response> {
  const { json, freshForSeconds } = await answer;
  res.setHeader('Cache-Control', `public, max-age=${freshForSeconds}`);
  return sendSerialisedData(res, json);
}
