import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { RateLimitDecision, RateLimitRule } from './rate-limiters';

/**
 * KEYS[1]: the client's log (a sorted set of accepted requests scored by Redis's time in ms).
 * ARGV: limit, window in ms, a member unique to this request. Drops the requests that left the
 * window (a request at t counts during [t, t + window)), then accepts and logs this one when fewer
 * than `limit` remain, or refuses it unlogged (a refused request spends nothing, so a client that
 * keeps knocking is let in as soon as a slot frees). Refused: the ms until the request whose
 * leaving frees a slot leaves. Redis's clock, so every app instance counts on one clock.
 * Returns { accepted (1|0), remaining, retryAfterMs }.
 */
const CONSUME = `
  local key, limit, window = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2])
  local time = redis.call('TIME')
  local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local used = redis.call('ZCARD', key)
  if used < limit then
    redis.call('ZADD', key, now, ARGV[3])
    redis.call('PEXPIRE', key, window)
    return { 1, limit - used - 1, 0 }
  end
  local freeing = redis.call('ZRANGE', key, used - limit, used - limit, 'WITHSCORES')
  return { 0, 0, tonumber(freeing[2]) + window - now }`;

type ConsumeReply = [accepted: number, remaining: number, retryAfterMs: number];

interface SlidingWindowCommands {
  slidingWindowConsume(key: string, limit: number, windowMs: number, member: string): Promise<ConsumeReply>;
}

/**
 * Sliding-window-log rate limits (community-content-uploads.md "Limits": newsletter limits are
 * sliding windows): at most `points` accepted requests in ANY `durationSeconds` span, unlike a
 * fixed window, which lets a client send twice the limit across a window edge. One script call
 * (EVALSHA) per request; the log holds at most `points` entries per client and expires with its
 * window. Keys `<REDIS_PREFIX>:rl:sliding:<name>:<key>` (the connection's prefix).
 *
 * Written here rather than taken from npm: rate-limiter-flexible (the fixed windows) has no
 * sliding window, and the sliding-window packages found were ESM-only with Lua files read from
 * disk at run time (which the webpack builds would not carry), or keyed entries by timestamp alone
 * (two requests in one microsecond counted once).
 */
export class SlidingWindowLog {
  private readonly redis: Redis & SlidingWindowCommands;

  constructor(redis: Redis) {
    if (!('slidingWindowConsume' in redis)) redis.defineCommand('slidingWindowConsume', { numberOfKeys: 1, lua: CONSUME });
    this.redis = redis as Redis & SlidingWindowCommands;
  }

  async consume(rule: RateLimitRule, key: string): Promise<RateLimitDecision> {
    try {
      const [accepted, remaining, retryAfterMs] = await this.redis.slidingWindowConsume(
        logKey(rule, key),
        rule.points,
        rule.durationSeconds * 1000,
        randomUUID(),
      );
      if (accepted === 1) return { allowed: true, remaining };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    } catch (error) {
      return { allowed: 'unknown', error };
    }
  }

  async reset(rule: RateLimitRule, key: string): Promise<void> {
    try {
      await this.redis.del(logKey(rule, key));
    } catch {
      // A log that could not be cleared expires with its window.
    }
  }
}

const logKey = (rule: RateLimitRule, key: string) => `rl:sliding:${rule.name}:${key}`;
