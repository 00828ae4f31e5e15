import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { Get } from 'routing-controllers';
import type { AnalysisAnswer } from '@platform/domain';
import { RateLimit, RateLimitPolicy, successEnvelope, successPageEnvelope } from '@platform/http';

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
 * The bytes sent for an answer's JSON and their ETag, made once per JSON buffer: a process's own
 * copy of a hot answer is the same buffer on every hit, so its envelope and hash are reused.
 */
const sendable = new WeakMap<Buffer, { body: Buffer; etag: string }>();

function sendableOf(json: Buffer, envelope: (json: Buffer) => Buffer): { body: Buffer; etag: string } {
  let prepared = sendable.get(json);
  if (!prepared) {
    const body = envelope(json);
    // The form express gives a body's ETag itself (weak, length and SHA-1), which it skips when one is set.
    prepared = { body, etag: `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"` };
    sendable.set(json, prepared);
  }
  return prepared;
}

/**
 * Sends a (cached) analysis answer as it was stored, in the success envelope, with a
 * Cache-Control that says how long the server cache keeps it: the rest of its freshness.
 */
export async function sendAnalysis(res: Response, answer: Promise<AnalysisAnswer<unknown>>, envelope = successEnvelope): Promise<Response> {
  const { json, freshForSeconds } = await answer;
  const { body, etag } = sendableOf(json, envelope);
  res.setHeader('Cache-Control', `public, max-age=${freshForSeconds}`);
  res.setHeader('ETag', etag);
  res.type('json').send(body);
  return res;
}

/** sendAnalysis for a cached list page (`{ data, count, page, size }`): the list envelope of CONTRACT section 4. */
export const sendAnalysisPage = (res: Response, answer: Promise<AnalysisAnswer<{ data: unknown[]; count: number }>>) =>
  sendAnalysis(res, answer, successPageEnvelope);
