import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { UseBefore } from 'routing-controllers';
import type { ContainerInstance } from 'typedi';
import type { AppConfig } from '@platform/config';
import { CONFIG, LOGGER, RateLimitExceeded, ServiceUnavailable } from '@platform/domain';
import { RateLimiters } from '@platform/redis';
import { clientKey, requireActor } from './auth';

type Setting = number | ((config: AppConfig) => number);

export interface RateLimitPolicy {
  /** Route class, e.g. `orders-checkout`; routes sharing a name share a counter. */
  name: string;
  points: Setting;
  durationSeconds: Setting;
  /** Count per caller IP, or per authenticated actor (401 first when there is no valid token). */
  by: 'ip' | 'actor';
  /** Let requests through when Redis cannot count them (the spec asks this of cart mutations). */
  failOpen?: boolean;
}

const resolve = (setting: Setting, config: AppConfig) => (typeof setting === 'function' ? setting(config) : setting);

/** Express middleware enforcing a policy; answers 429 RATE_LIMIT_EXCEEDED with Retry-After. */
export function rateLimitMiddleware(policy: RateLimitPolicy): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    enforce(policy, req).then(() => next(), next);
  };
}

/** Declarative form for routing-controllers actions and controllers. */
export const RateLimit = (policy: RateLimitPolicy) => UseBefore(rateLimitMiddleware(policy));

async function enforce(policy: RateLimitPolicy, req: Request): Promise<void> {
  const container = req.app.locals['container'] as ContainerInstance;
  const config = container.get(CONFIG);
  const subject = policy.by === 'actor' ? (await requireActor(req)).id : clientKey(req);
  const rule = {
    name: policy.name,
    points: resolve(policy.points, config),
    durationSeconds: resolve(policy.durationSeconds, config),
  };
  const decision = await container.get(RateLimiters).consume(rule, subject);
  if (decision.allowed === false) throw RateLimitExceeded(decision.retryAfterSeconds);
  if (decision.allowed === 'unknown') {
    container.get(LOGGER).warn({ err: decision.error, policy: policy.name }, 'rate limit store unavailable');
    if (!policy.failOpen) throw ServiceUnavailable();
  }
}

/**
 * Unauthenticated auth routes: registration hashes a password (argon2id, ~64 MiB each), so it is
 * bounded per client; refresh is bounded against token guessing. Login has its own throttle
 * in the domain (LoginAttemptGuard).
 */
export const AUTH_RATE_LIMITS = {
  register: {
    name: 'auth-register',
    points: (config) => config.auth.registerRateLimit.points,
    durationSeconds: (config) => config.auth.registerRateLimit.windowSeconds,
    by: 'ip',
  },
  refresh: { name: 'auth-refresh', points: 60, durationSeconds: 60, by: 'ip' },
} as const satisfies Record<string, RateLimitPolicy>;
