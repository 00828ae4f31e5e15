import type { Request } from 'express';
import type { ContainerInstance } from 'typedi';
import { NewsletterUnsubscribeTokensService } from '@platform/domain';
import { RateLimitedController, RateLimitPolicy, slidingPolicy } from '@platform/http';

/** Per user a valid token names: a person clicking, a mail client retrying, a scanner opening the page. */
export const UNSUBSCRIBE_PER_USER = { points: 20, durationSeconds: 60 };
/** Per IP, for requests whose token is missing or invalid: generous, since many users share a provider's IPs. */
export const UNSUBSCRIBE_PER_IP = { points: 600, durationSeconds: 60 };

/**
 * The unsubscribe routes' own limit, apart from the content reads. Mailbox providers (Gmail,
 * Yahoo) send the RFC 8058 one-click POSTs from a few shared IPs, so after a large send a per-IP
 * count would refuse real unsubscribes: a request whose signed token is valid is counted per user
 * it names (UNSUBSCRIBE_PER_USER), any other per IP (UNSUBSCRIBE_PER_IP). Redis down: not counted
 * (fail-open; an unsubscribe must not be lost to a limiter outage, and the route is cheap).
 */
export const UNSUBSCRIBES_BY_IP = slidingPolicy('newsletter-unsubscribe-ip', UNSUBSCRIBE_PER_IP.points, UNSUBSCRIBE_PER_IP.durationSeconds, {
  by: 'ip',
});

/** The user a valid `token` query parameter names, else null (the route answers the 400). */
function tokenUser(req: Request): string | null {
  const tokens = (req.app.locals['container'] as ContainerInstance).get(NewsletterUnsubscribeTokensService);
  try {
    return tokens.verify(req.query['token']);
  } catch {
    return null;
  }
}

/** The counter of an unsubscribe request (see UNSUBSCRIBES_BY_IP). */
export function unsubscribeRateLimitClass(req: Request): RateLimitPolicy {
  const userId = tokenUser(req);
  if (userId === null) return UNSUBSCRIBES_BY_IP;
  return slidingPolicy('newsletter-unsubscribe-user', UNSUBSCRIBE_PER_USER.points, UNSUBSCRIBE_PER_USER.durationSeconds, { by: () => userId });
}

const DOC =
  `more than ${UNSUBSCRIBE_PER_USER.points} requests in a sliding ${UNSUBSCRIBE_PER_USER.durationSeconds} s window for the ` +
  `user a valid token names, or more than ${UNSUBSCRIBE_PER_IP.points} per ${UNSUBSCRIBE_PER_IP.durationSeconds} s from one IP ` +
  'with a missing or invalid token. Web and mobile routes count together; content reads are counted apart.';

/** On the unsubscribe controller: counts each request (see UNSUBSCRIBES_BY_IP), and documents the 429. */
export const NewsletterUnsubscribeRateLimit = (): ClassDecorator => RateLimitedController(unsubscribeRateLimitClass, DOC);
