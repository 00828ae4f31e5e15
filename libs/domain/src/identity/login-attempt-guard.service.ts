import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { RateLimitDecision, RateLimiters, RateLimitRule } from '@platform/redis';
import { CONFIG, DomainError, RateLimitExceeded, ServiceUnavailable } from '../shared';
import { normalizeEmail } from './identity.views';

export interface LoginAttempt {
  realm: 'customer' | 'admin';
  email: string;
  ip: string;
}

/**
 * Throttles password guessing on three counters: attempts per IP, failures per (account, IP),
 * and failures per account from any IP. Points are spent before the password is checked, so
 * parallel guesses cannot all pass one check; a success clears the (account, IP) counter and
 * refunds the account point. Over a limit the caller gets 429 until the window passes, even
 * with the right password. Fails closed: without Redis, logins answer 503.
 */
@Service()
export class LoginAttemptGuard {
  private readonly perIp: RateLimitRule;
  private readonly perAccountAndIp: RateLimitRule;
  private readonly perAccount: RateLimitRule;

  constructor(
    @Inject(CONFIG) config: AppConfig,
    private readonly limiters: RateLimiters,
  ) {
    const { maxFailures, maxFailuresPerAccount, windowSeconds, maxAttemptsPerIp } = config.auth.loginThrottle;
    this.perIp = { name: 'login-attempts-ip', points: maxAttemptsPerIp, durationSeconds: windowSeconds };
    this.perAccountAndIp = { name: 'login-failures', points: maxFailures, durationSeconds: windowSeconds };
    this.perAccount = { name: 'login-failures-account', points: maxFailuresPerAccount, durationSeconds: windowSeconds };
  }

  async run<T>(attempt: LoginAttempt, login: () => Promise<T>): Promise<T> {
    const account = `${attempt.realm}:${normalizeEmail(attempt.email)}`;
    const accountAndIp = `${account}:${attempt.ip}`;
    this.enforce(await this.limiters.consume(this.perIp, `${attempt.realm}:${attempt.ip}`));
    this.enforce(await this.limiters.consume(this.perAccountAndIp, accountAndIp));
    this.enforce(await this.limiters.consume(this.perAccount, account));
    try {
      const result = await login();
      await this.limiters.reset(this.perAccountAndIp, accountAndIp);
      await this.limiters.reward(this.perAccount, account);
      return result;
    } catch (error) {
      const wrongPassword = error instanceof DomainError && error.code === 'AUTH_INVALID_CREDENTIALS';
      if (!wrongPassword) {
        // Not a guess (e.g. the database was down): it should not count against the account.
        await this.limiters.reward(this.perAccountAndIp, accountAndIp);
        await this.limiters.reward(this.perAccount, account);
      }
      throw error;
    }
  }

  private enforce(decision: RateLimitDecision): void {
    if (decision.allowed === 'unknown') throw ServiceUnavailable('Sign-in is temporarily unavailable');
    if (decision.allowed === false) throw RateLimitExceeded(decision.retryAfterSeconds);
  }
}
