import { createPublicKey, createSecretKey, KeyObject } from 'node:crypto';
import jwt, { Algorithm } from 'jsonwebtoken';
import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { Actor, AdminActor, CONFIG, CustomerActor } from '../shared';

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
   * The key is a KeyObject made once: given a string, jsonwebtoken tries to parse it as a public
   * key on every verify, which cost ~0.4 ms per request (measured in tools/bench).
   */
  verification(): TokenVerification {
    const { jwtPublicKey, jwtSecret } = this.config.auth;
    this.verificationKey ??= jwtPublicKey
      ? { key: createPublicKey(jwtPublicKey), algorithms: ['RS256'] }
      : { key: createSecretKey(Buffer.from(jwtSecret)), algorithms: ['HS256'] };
    return this.verificationKey;
  }

  private verificationKey?: TokenVerification;

  sign(actor: Actor, ttlSeconds = this.ttlSeconds): string {
    const { jwtPrivateKey, jwtSecret } = this.config.auth;
    const claims =
      actor.kind === 'admin' ? { typ: 'admin', permissions: [...actor.permissions] } : { typ: 'customer' };
    return jwt.sign(claims, jwtPrivateKey ?? jwtSecret, {
      algorithm: jwtPrivateKey ? 'RS256' : 'HS256',
      subject: actor.id,
      expiresIn: ttlSeconds,
    });
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
