import { LRUCache } from 'lru-cache';

/** Enough for every client of a busy process; a token is a few hundred bytes. */
const MAX_TOKENS = 10_000;

interface Verified {
  claims: Record<string, unknown>;
  /** jsonwebtoken's rule: a token is expired from the second its `exp` names. */
  expiresAtSecond: number;
}

/**
 * Access tokens whose signature, algorithm and expiry passport-jwt has checked, kept until they
 * expire, so a client's next requests skip the signature check. Only tokens that passed are kept:
 * a forged or malformed one is checked again every time. A token is a bearer credential on its own
 * (nothing revokes a single access token before its `exp`), so remembering the outcome changes no
 * answer; what the claims point at (a customer who must still exist) is checked on every request.
 */
export class VerifiedTokens {
  private readonly tokens = new LRUCache<string, Verified>({ max: MAX_TOKENS });

  claimsOf(token: string, nowMs = Date.now()): Record<string, unknown> | undefined {
    const verified = this.tokens.get(token);
    if (!verified) return undefined;
    if (Math.floor(nowMs / 1000) >= verified.expiresAtSecond) {
      this.tokens.delete(token);
      return undefined;
    }
    return verified.claims;
  }

  /** The claims are frozen: every request with the token shares them (an admin's permissions among them). */
  remember(token: string, claims: Record<string, unknown>): void {
    if (typeof claims['exp'] !== 'number') return;
    for (const value of Object.values(claims)) if (typeof value === 'object' && value !== null) Object.freeze(value);
    this.tokens.set(token, { claims: Object.freeze(claims), expiresAtSecond: claims['exp'] });
  }
}
