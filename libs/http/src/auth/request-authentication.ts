import type { Request } from 'express';
import { Passport } from 'passport';

type PassportInstance = InstanceType<typeof Passport>;
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { ContainerInstance } from 'typedi';
import { AccessTokenService, Actor, Authenticator, DomainError, Unauthorized } from '@platform/domain';

const ACTOR = Symbol('platform.actor');
type AuthenticatedRequest = Request & { [ACTOR]?: Promise<Actor | undefined> };

/**
 * passport + passport-jwt, one Passport instance per app (no global strategy registry).
 * passport-jwt checks the signature, algorithm and expiry; the domain's Authenticator checks
 * the claims and that a customer still exists.
 */
export function createPassport(container: ContainerInstance): PassportInstance {
  const passport = new Passport();
  const { key, algorithms } = container.get(AccessTokenService).verification();
  passport.use(
    'jwt',
    new JwtStrategy(
      {
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        // passport-jwt hands the key to jsonwebtoken untouched; its typings predate KeyObject.
        secretOrKey: key as unknown as string,
        algorithms,
      },
      (claims: Record<string, unknown>, done: (error: unknown, actor?: Actor) => void) => {
        container
          .get(Authenticator)
          .actorFromClaims(claims)
          .then((actor) => done(null, actor), done);
      },
    ),
  );
  return passport;
}

/**
 * The request's actor, authenticating at most once per request. Resolves undefined when the
 * request carries no Authorization header; rejects with 401 for a bad token.
 */
export function resolveActor(req: Request): Promise<Actor | undefined> {
  const request = req as AuthenticatedRequest;
  request[ACTOR] ??= authenticate(request);
  return request[ACTOR];
}

/** The request's actor; rejects with 401 when there is none. */
export async function requireActor(req: Request): Promise<Actor> {
  const actor = await resolveActor(req);
  if (!actor) throw Unauthorized();
  return actor;
}

function authenticate(req: Request): Promise<Actor | undefined> {
  if (!req.headers.authorization) return Promise.resolve(undefined);
  const passport = req.app.locals['passport'] as PassportInstance;
  return new Promise((resolve, reject) => {
    passport.authenticate('jwt', { session: false }, (error: unknown, actor: Actor | false, info?: Error) => {
      if (error) return reject(error);
      if (!actor) return reject(refusedToken(info));
      resolve(actor);
    })(req, req.res, (error?: unknown) => (error ? reject(error) : resolve(undefined)));
  });
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
