import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { UseBefore } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import type { ContainerInstance } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER, RateLimitExceeded, ServiceUnavailable } from '@platform/domain';
import { RateLimiters } from '@platform/redis';
import { clientKey, requireActor, resolveActor } from './auth';

type Setting = number | ((config: AppConfig) => number);

export interface RateLimitPolicy {
  /** Route class, e.g. `orders-checkout`; routes sharing a name share a counter. */
  name: string;
  points: Setting;
  durationSeconds: Setting;
  /**
   * Count per caller IP, or per authenticated actor (401 first when there is no valid token), or
   * per actor when the request carries a valid token and else per IP (`actor-or-ip`, for routes
   * open to anonymous callers: a bad token is counted by IP and left to the route to refuse), or
   * per the key a function picks (a route whose credential is not a bearer token).
   */
  by: 'ip' | 'actor' | 'actor-or-ip' | RateLimitKey;
  /** Let requests through when Redis cannot count them (the spec asks this of cart mutations). */
  failOpen?: boolean;
  /** `fixed` windows (default) or `sliding` (at most `points` in any span of `durationSeconds`; RateLimiters). */
  window?: 'fixed' | 'sliding';
}

/**
 * The counter a request spends from, for a policy whose subject is neither the IP nor the bearer
 * token's actor. Prefix the kinds (`user:`, `ip:`) so that no two kinds can share a counter.
 */
export type RateLimitKey = (req: Request) => string | Promise<string>;

/**
 * A sliding-window policy (at most `points` in any span of `durationSeconds`), counted per actor
 * or else IP and letting requests through when Redis cannot count them, unless `options` say
 * otherwise: the shape of the read-side limits (community-content-uploads.md "Limits"), where a
 * limiter outage must not take the routes down.
 */
export function slidingPolicy(
  name: string,
  points: Setting,
  durationSeconds: Setting,
  options: { by?: RateLimitPolicy['by']; failOpen?: boolean } = {},
): RateLimitPolicy {
  return { name, points, durationSeconds, window: 'sliding', by: options.by ?? 'actor-or-ip', failOpen: options.failOpen ?? true };
}

/** A policy, or a choice of one per request (e.g. by path or query): each choice counts under its own name. */
export type RateLimitChoice = RateLimitPolicy | ((req: Request) => RateLimitPolicy);

const resolve = (setting: Setting, config: AppConfig) => (typeof setting === 'function' ? setting(config) : setting);

/** Express middleware enforcing a policy; answers 429 RATE_LIMIT_EXCEEDED with Retry-After. */
export function rateLimitMiddleware(choice: RateLimitChoice): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const policy = typeof choice === 'function' ? choice(req) : choice;
    enforce(policy, req).then(() => next(), next);
  };
}

/** Declarative form for routing-controllers actions and controllers. */
export const RateLimit = (choice: RateLimitChoice) => UseBefore(rateLimitMiddleware(choice));

/** Documents the 429 RATE_LIMIT_EXCEEDED answer (with Retry-After) of a route, or of every route of a controller. */
export const RateLimitResponse = (description: string) =>
  OpenAPI((operation) => ({
    ...operation,
    responses: {
      ...operation.responses,
      '429': {
        description: `RATE_LIMIT_EXCEEDED: ${description}`,
        headers: { 'Retry-After': { description: 'Seconds until a request is accepted again, rounded up', schema: { type: 'integer', minimum: 1 } } },
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { message: { type: 'string' }, errorCode: { type: 'string', enum: ['RATE_LIMIT_EXCEEDED'] } },
              required: ['message', 'errorCode'],
            },
          },
        },
      },
    },
  }));

/** RateLimit and RateLimitResponse on a controller: counts each of its routes under `choice`, and documents their 429. */
export const RateLimitedController =
  (choice: RateLimitChoice, description: string): ClassDecorator =>
  (target) => {
    (RateLimit(choice) as ClassDecorator)(target);
    (RateLimitResponse(description) as ClassDecorator)(target);
  };

/** What enforcing needs from an app's container, looked up once per container (typedi's lookup showed in hot reads). */
const limitingOf = new WeakMap<ContainerInstance, { config: AppConfig; limiters: RateLimiters; logger: Logger }>();

function limiting(container: ContainerInstance) {
  let found = limitingOf.get(container);
  if (!found) limitingOf.set(container, (found = { config: container.get(CONFIG), limiters: container.get(RateLimiters), logger: container.get(LOGGER) }));
  return found;
}

async function enforce(policy: RateLimitPolicy, req: Request): Promise<void> {
  const { config, limiters, logger } = limiting(req.app.locals['container'] as ContainerInstance);
  const subject = await subjectOf(policy, req);
  const rule = {
    name: policy.name,
    points: resolve(policy.points, config),
    durationSeconds: resolve(policy.durationSeconds, config),
    window: policy.window,
  };
  const decision = await limiters.consume(rule, subject);
  if (decision.allowed === false) throw RateLimitExceeded(decision.retryAfterSeconds);
  if (decision.allowed === 'unknown') {
    logger.warn({ err: decision.error, policy: policy.name }, 'rate limit store unavailable');
    if (!policy.failOpen) throw ServiceUnavailable();
  }
}

async function subjectOf(policy: RateLimitPolicy, req: Request): Promise<string> {
  if (typeof policy.by === 'function') return policy.by(req);
  switch (policy.by) {
    case 'ip':
      return clientKey(req);
    case 'actor':
      return (await requireActor(req)).id;
    case 'actor-or-ip': {
      // Kinds and IPs apart, so no user id can share a counter with an address or with the other kind.
      const actor = await resolveActor(req).catch(() => undefined);
      return actor ? `${actor.kind}:${actor.id}` : `ip:${clientKey(req)}`;
    }
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
