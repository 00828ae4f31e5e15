import type { ExtendedError, Socket } from 'socket.io';
import type { ContainerInstance } from 'typedi';
import { AccessTokenService, Authenticator, DomainError, ErrorCode } from '@platform/domain';

/** What a socket carries from its handshake: its customer, and when its access token expires. */
export interface RealtimeSocketData {
  userId: string;
  /** The token's `exp`, in milliseconds: the session ends then (the client reconnects with a fresh token). */
  expiresAt: number;
}

/**
 * The handshake's authentication (CONTRACT section 9): the access token in `auth.token`, checked
 * as the HTTP routes check a bearer token (the same key and algorithms as passport-jwt, then the
 * domain's Authenticator: claims, and a customer who still exists). Customer tokens only. A refused
 * handshake reaches the client's `connect_error` as an Error whose message is `UNAUTHORIZED`, its
 * `data.errorCode` saying TOKEN_EXPIRED for a genuine but expired token (worth refreshing, as on HTTP).
 * A check that could not be made (the database away) fails with message and errorCode SERVICE_UNAVAILABLE.
 */
export function authenticateHandshake(container: ContainerInstance) {
  const tokens = container.get(AccessTokenService);
  const authenticator = container.get(Authenticator);
  return (socket: Socket, next: (error?: ExtendedError) => void): void => {
    const token = bearer(socket.handshake.auth?.['token']);
    const verified = token ? tokens.verifySignature(token) : undefined;
    if (!verified) return next(refused('UNAUTHORIZED', token ? 'Access token is invalid' : 'Send the access token in auth.token'));
    if (verified.expired) return next(refused('TOKEN_EXPIRED', 'Access token has expired; refresh it and connect again'));
    authenticator.actorFromClaims(verified.claims).then(
      (actor) => {
        if (actor.kind !== 'customer') return next(refused('UNAUTHORIZED', 'A customer access token is required'));
        const data: RealtimeSocketData = { userId: actor.id, expiresAt: (verified.claims.exp as number) * 1000 };
        socket.data = data;
        next();
      },
      // The token's customer is gone or its claims are wrong: refused. Anything else (the database
      // away) is not the client's fault: SERVICE_UNAVAILABLE, worth retrying with the same token.
      (error: unknown) =>
        next(
          error instanceof DomainError && error.code === 'UNAUTHORIZED'
            ? refused('UNAUTHORIZED', 'Access token is invalid')
            : failed('SERVICE_UNAVAILABLE', 'Could not check the access token; connect again shortly'),
        ),
    );
  };
}

/** The raw token; a `Bearer ` prefix, as a client may copy it from its HTTP header, is accepted. */
function bearer(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const token = value.startsWith('Bearer ') ? value.slice('Bearer '.length) : value;
  return token.length > 0 ? token : undefined;
}

function refused(errorCode: ErrorCode, message: string): ExtendedError {
  return failed(errorCode, message, 'UNAUTHORIZED');
}

/** A refusal as `connect_error` shows it: `message` (UNAUTHORIZED for every token refusal), `data.errorCode` and `data.message`. */
function failed(errorCode: ErrorCode, message: string, kind: string = errorCode): ExtendedError {
  const error: ExtendedError = new Error(kind);
  error.data = { errorCode, message };
  return error;
}
