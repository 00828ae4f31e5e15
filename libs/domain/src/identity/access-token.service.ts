import { createPrivateKey, createPublicKey, createSecretKey, KeyObject } from 'node:crypto';
import jwt, { Algorithm } from 'jsonwebtoken';
import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { Actor, AdminActor, CONFIG, CustomerActor, ServiceUnavailable } from '../shared';

/** JWT claims (CONTRACT section 3). */
export interface AccessTokenClaims {
  sub: string;
  typ: 'customer' | 'admin';
  permissions?: string[];
  iat: number;
  exp: number;
}

export interface TokenVerification {
  key: KeyObject;
  algorithms: Algorithm[];
}

/** Signs access tokens. HS256 with JWT_SECRET, or RS256 when a key pair is configured. */
@Service()
export class AccessTokenService {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  get ttlSeconds(): number {
    return this.config.auth.accessTtlSeconds;
  }

  /**
   * What a verifier needs; `algorithms` is explicit so `alg: none` and algorithm swaps fail.
   * RS256 when a key pair is configured (the public key may be derived from the private one),
   * else HS256. Keys are KeyObjects made once: given a string, jsonwebtoken parses it again on
   * every verify, which cost ~0.4 ms per request (measured in tools/bench).
   */
  verification(): TokenVerification {
    this.verifier ??= this.buildVerifier();
    return this.verifier;
  }

  sign(actor: Actor, ttlSeconds = this.ttlSeconds): string {
    const signer = (this.signer ??= this.buildSigner());
    if (!signer) throw ServiceUnavailable('This service verifies tokens but holds no key to issue them');
    const claims =
      actor.kind === 'admin' ? { typ: 'admin', permissions: [...actor.permissions] } : { typ: 'customer' };
    return jwt.sign(claims, signer.key, { algorithm: signer.algorithm, subject: actor.id, expiresIn: ttlSeconds });
  }

  private verifier?: TokenVerification;
  private signer?: { key: KeyObject; algorithm: Algorithm } | null;

  private buildVerifier(): TokenVerification {
    const { jwtPublicKey, jwtPrivateKey, jwtSecret } = this.config.auth;
    if (jwtPublicKey) return { key: createPublicKey(jwtPublicKey), algorithms: ['RS256'] };
    if (jwtPrivateKey) return { key: createPublicKey(createPrivateKey(jwtPrivateKey)), algorithms: ['RS256'] };
    return { key: createSecretKey(Buffer.from(jwtSecret)), algorithms: ['HS256'] };
  }

  /** null: only a public key is configured, so this process can verify tokens but not issue them. */
  private buildSigner(): { key: KeyObject; algorithm: Algorithm } | null {
    const { jwtPublicKey, jwtPrivateKey, jwtSecret } = this.config.auth;
    if (jwtPrivateKey) return { key: createPrivateKey(jwtPrivateKey), algorithm: 'RS256' };
    if (jwtPublicKey) return null;
    return { key: createSecretKey(Buffer.from(jwtSecret)), algorithm: 'HS256' };
  }

  /**
   * The claims of a token whose signature and algorithm check out, with whether it has expired
   * (jsonwebtoken's rule: expired from the second `exp` names); undefined for any other token.
   * For checks that must know who sent an expired token, such as a throttle that runs before
   * authentication; passport-jwt remains the authentication of every other route.
   */
  verifySignature(token: string): { claims: Partial<AccessTokenClaims>; expired: boolean } | undefined {
    const { key, algorithms } = this.verification();
    try {
      const claims = jwt.verify(token, key, { algorithms, ignoreExpiration: true });
      if (typeof claims !== 'object' || claims === null) return undefined;
      const expired = typeof claims.exp !== 'number' || Math.floor(Date.now() / 1000) >= claims.exp;
      return { claims: claims as Partial<AccessTokenClaims>, expired };
    } catch {
      return undefined;
    }
  }

  /** Turns verified claims into an actor, or undefined when the claims have the wrong shape. */
  toActor(claims: Partial<AccessTokenClaims>): CustomerActor | AdminActor | undefined {
    if (typeof claims.sub !== 'string' || claims.sub.length === 0) return undefined;
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return undefined;
    if (claims.typ === 'customer') {
      return UUID.test(claims.sub) ? { kind: 'customer', id: claims.sub } : undefined;
    }
    if (claims.typ === 'admin') {
      const permissions = claims.permissions;
      if (!Array.isArray(permissions) || !permissions.every((p) => typeof p === 'string')) return undefined;
      return { kind: 'admin', id: claims.sub, permissions };
    }
    return undefined;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
