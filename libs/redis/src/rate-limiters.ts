import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { SlidingWindowLog } from './sliding-window-log';

export interface RateLimitRule {
  /** Names the counter family: `<REDIS_PREFIX>:rl:<name>:<key>`. */
  name: string;
  points: number;
  durationSeconds: number;
  /** `fixed` (default): counters that restart every window; `sliding`: at most `points` in any span of the window (SlidingWindowLog). */
  window?: 'fixed' | 'sliding';
}

export type RateLimitDecision =
  | { allowed: true; remaining: number }
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: 'unknown'; error: unknown };

/**
 * Fixed-window counters in Redis (rate-limiter-flexible), one limiter per rule, or sliding-window
 * logs for rules that ask for them (SlidingWindowLog: consume and reset). A Redis failure
 * is reported as `unknown` so each caller decides whether to fail open or closed.
 */
export class RateLimiters {
  private readonly limiters = new Map<string, RateLimiterRedis>();
  private readonly sliding: SlidingWindowLog;

  constructor(private readonly redis: Redis) {
    this.sliding = new SlidingWindowLog(redis);
  }

  /** Spends `points` (always 1 for a sliding rule: each request is one entry of its log). */
  async consume(rule: RateLimitRule, key: string, points = 1): Promise<RateLimitDecision> {
    if (rule.window === 'sliding') return this.sliding.consume(rule, key);
    try {
      const result = await this.limiter(rule).consume(key, points);
      return { allowed: true, remaining: result.remainingPoints };
    } catch (outcome) {
      return toDecision(outcome);
    }
  }

  /** Whether `key` is already over its limit, without spending a point. */
  async peek(rule: RateLimitRule, key: string): Promise<RateLimitDecision> {
    try {
      const result = await this.limiter(rule).get(key);
      if (result && result.consumedPoints >= rule.points) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) };
      }
      return { allowed: true, remaining: rule.points - (result?.consumedPoints ?? 0) };
    } catch (error) {
      return { allowed: 'unknown', error };
    }
  }

  /** Gives points back, e.g. for an attempt that turned out not to count. */
  async reward(rule: RateLimitRule, key: string, points = 1): Promise<void> {
    try {
      await this.limiter(rule).reward(key, points);
    } catch {
      // The counter expires on its own; refunding is best effort.
    }
  }

  async reset(rule: RateLimitRule, key: string): Promise<void> {
    if (rule.window === 'sliding') return this.sliding.reset(rule, key);
    try {
      await this.limiter(rule).delete(key);
    } catch {
      // A counter that could not be cleared expires on its own.
    }
  }

  private limiter(rule: RateLimitRule): RateLimiterRedis {
    if (rule.window === 'sliding') throw new Error(`peek and reward take fixed-window rules; ${rule.name} is sliding`);
    const id = `${rule.name}:${rule.points}:${rule.durationSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `rl:${rule.name}`,
        points: rule.points,
        duration: rule.durationSeconds,
        rejectIfRedisNotReady: true,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

function toDecision(outcome: unknown): RateLimitDecision {
  if (outcome instanceof RateLimiterRes) {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
  }
  return { allowed: 'unknown', error: outcome };
}
