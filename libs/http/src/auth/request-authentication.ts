import type { Request } from 'express';
import { Passport } from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { ContainerInstance } from 'typedi';
import { AccessTokenService, Actor, Authenticator, DomainError, Unauthorized } from '@platform/domain';
import { VerifiedTokens } from './verified-tokens';

const ACTOR = Symbol('platform.actor');
type AuthenticatedRequest = Request & { [ACTOR]?: Promise<Actor | undefined> };

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * How one app authenticates a bearer token: passport + passport-jwt (one Passport instance per
 * app, no global strategy registry) checks the signature, algorithm and expiry, and the domain's
 * Authenticator checks the claims and that a customer still exists. A token that passed is
 * remembered until its `exp` (VerifiedTokens), so later requests with it skip passport.
 */
export class TokenAuthentication {
  private readonly passport = new Passport();
  private readonly verified = new VerifiedTokens();
  private readonly authenticator: Authenticator;

  constructor(container: ContainerInstance) {
    this.authenticator = container.get(Authenticator);
    const { key, algorithms } = container.get(AccessTokenService).verification();
    this.passport.use(
      'jwt',
      new JwtStrategy(
        {
          jwtFromRequest: bearerToken,
          // passport-jwt hands the key to jsonwebtoken untouched; its typings predate KeyObject.
          secretOrKey: key as unknown as string,
          algorithms,
          passReqToCallback: true,
        },
        (req: Request, claims: Record<string, unknown>, done: (error: unknown, actor?: Actor) => void) => {
          const token = bearerToken(req);
          if (token) this.verified.remember(token, claims);
          this.authenticator.actorFromClaims(claims).then((actor) => done(null, actor), done);
        },
      ),
    );
  }

  /** The request's actor; undefined without an Authorization header; rejects with 401 for a bad token. */
  authenticate(req: Request): Promise<Actor | undefined> {
    if (!req.headers.authorization) return Promise.resolve(undefined);
    const token = bearerToken(req);
    const claims = token ? this.verified.claimsOf(token) : undefined;
    if (claims) return this.authenticator.actorFromClaims(claims);
    return new Promise((resolve, reject) => {
      this.passport.authenticate('jwt', { session: false }, (error: unknown, actor: Actor | false, info?: Error) => {
        if (error) return reject(error);
        if (!actor) return reject(refusedToken(info));
        resolve(actor);
      })(req, req.res, (error?: unknown) => (error ? reject(error) : resolve(undefined)));
    });
  }
}

const AUTHENTICATION = 'tokenAuthentication';

/** Makes the app authenticate bearer tokens (resolveActor reads this from `req.app`). */
export function installTokenAuthentication(locals: Record<string, unknown>, container: ContainerInstance): void {
  locals[AUTHENTICATION] = new TokenAuthentication(container);
}

/**
 * The request's actor, authenticating at most once per request. Resolves undefined when the
 * request carries no Authorization header; rejects with 401 for a bad token.
 */
export function resolveActor(req: Request): Promise<Actor | undefined> {
  const request = req as AuthenticatedRequest;
  request[ACTOR] ??= (req.app.locals[AUTHENTICATION] as TokenAuthentication).authenticate(request);
  return request[ACTOR];
}

/** The request's actor; rejects with 401 when there is none. */
export async function requireActor(req: Request): Promise<Actor> {
  const actor = await resolveActor(req);
  if (!actor) throw Unauthorized();
  return actor;
}

/**
 * passport-jwt hands jsonwebtoken's reason over as `info`. A TokenExpiredError comes only after
 * the signature was checked, so TOKEN_EXPIRED tells a client its token is genuine and worth
 * refreshing (CONTRACT section 3); `bearerError` picks the WWW-Authenticate challenge (RFC 6750).
 */
function refusedToken(info: Error | undefined): DomainError {
  if (info?.name === 'TokenExpiredError') {
    return new DomainError('TOKEN_EXPIRED', 'Access token has expired; refresh it and try again', { bearerError: 'expired' });
  }
  const presented = info?.message !== 'No auth token';
  return new DomainError('UNAUTHORIZED', 'Access token is missing, invalid or expired', presented ? { bearerError: 'invalid_token' } : undefined);
}
