import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Logger } from '@platform/observability';
import { RateLimiters, RateLimitRule } from '@platform/redis';
import { AccessTokenService } from '../../identity';
import { CONFIG, CustomerActor, Forbidden, LOGGER, RateLimitExceeded, rowIdFromPath } from '../../shared';
import { HeartbeatTokenExpired } from '../progress.errors';

export interface HeartbeatCaller {
  /** The raw Authorization header, if any. */
  authorization: string | undefined;
  /** The caller's network key (clientKey), which counts requests whose token proves no one. */
  clientKey: string;
  /** The lesson path parameter as sent. */
  lessonId: string;
}

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/**
 * The first two heartbeat checks, in the spec's order (learning-commerce.md, heartbeat rule 5):
 * the rate limit, then the token. The limit counts one heartbeat per HEARTBEAT_RATE_LIMIT_SECONDS
 * per user and lesson, so it must know the user before the token is judged: a live token counts
 * under its user; an expired one whose signature holds counts under its user's separate
 * `expired:` window, so a leaked old token can neither pass nor spend the live user's window; a
 * token that proves nothing counts under the caller's address, so a forged token cannot spend a
 * real user's heartbeats. When Redis cannot count, heartbeats pass (a lost progress write would
 * hurt more than an unthrottled one).
 * The user's existence, the course access and the lesson are checked by RecordHeartbeatUseCase
 * in the same statement that writes the heartbeat.
 */
@Service()
export class HeartbeatGate {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tokens: AccessTokenService,
    private readonly limiters: RateLimiters,
  ) {}

  async admit(caller: HeartbeatCaller): Promise<CustomerActor> {
    const token = BEARER.exec(caller.authorization ?? '')?.[1];
    const verified = token ? this.tokens.verifySignature(token) : undefined;
    const actor = verified ? this.tokens.toActor(verified.claims) : undefined;

    const subject = !actor ? `ip:${caller.clientKey}` : verified?.expired ? `expired:${actor.kind}:${actor.id}` : `${actor.kind}:${actor.id}`;
    await this.throttle(`${subject}:lesson:${rowIdFromPath(caller.lessonId)}`);

    if (!actor || verified?.expired) throw HeartbeatTokenExpired();
    if (actor.kind !== 'customer') throw Forbidden('This route is for customers');
    return actor;
  }

  private async throttle(key: string): Promise<void> {
    const rule: RateLimitRule = { name: 'heartbeat', points: 1, durationSeconds: this.config.limits.heartbeatRateLimitSeconds };
    const decision = await this.limiters.consume(rule, key);
    if (decision.allowed === false) throw RateLimitExceeded(decision.retryAfterSeconds);
    if (decision.allowed === 'unknown') this.logger.warn({ err: decision.error }, 'heartbeat rate limit store unavailable; letting the heartbeat through');
  }
}
