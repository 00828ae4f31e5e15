import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { RateLimiters, RateLimitRule } from '@platform/redis';
import { CONFIG, DomainError, RateLimitExceeded, ServiceUnavailable } from '../shared';

export interface LoginAttempt {
  realm: 'customer' | 'admin';
  email: string;
  ip: string;
}

/**
 * Throttles password guessing: failed logins are counted per (realm, email, IP) and every
 * attempt per IP; over either limit the caller gets 429 until the window passes. A success
 * clears the failure count. Fails closed: without Redis, logins answer 503.
 */
@Service()
export class LoginAttemptGuard {
  private readonly failures: RateLimitRule;
  private readonly attemptsPerIp: RateLimitRule;

  constructor(
    @Inject(CONFIG) config: AppConfig,
    private readonly limiters: RateLimiters,
  ) {
    const { maxFailures, windowSeconds, maxAttemptsPerIp } = config.auth.loginThrottle;
    this.failures = { name: 'login-failures', points: maxFailures, durationSeconds: windowSeconds };
    this.attemptsPerIp = { name: 'login-attempts-ip', points: maxAttemptsPerIp, durationSeconds: windowSeconds };
  }

  async run<T>(attempt: LoginAttempt, login: () => Promise<T>): Promise<T> {
    const failureKey = `${attempt.realm}:${attempt.email.trim().toLowerCase()}:${attempt.ip}`;
    this.enforce(await this.limiters.peek(this.failures, failureKey));
    this.enforce(await this.limiters.consume(this.attemptsPerIp, `${attempt.realm}:${attempt.ip}`));
    try {
      const result = await login();
      await this.limiters.reset(this.failures, failureKey);
      return result;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'AUTH_INVALID_CREDENTIALS') {
        await this.limiters.consume(this.failures, failureKey);
      }
      throw error;
    }
  }

  private enforce(decision: Awaited<ReturnType<RateLimiters['peek']>>): void {
    if (decision.allowed === 'unknown') throw ServiceUnavailable('Sign-in is temporarily unavailable');
    if (decision.allowed === false) throw RateLimitExceeded(decision.retryAfterSeconds);
  }
}
