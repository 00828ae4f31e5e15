import type { RequestHandler } from 'express';
import { hasNonEmptyBody } from '../json-bodies';

/**
 * A body that stops short of its Content-Length would hold the connection until the server's
 * request timeout, which must be long enough for the largest upload. Instead, the socket may stay
 * silent at most `idleMs` while the body is being received: an upload that keeps sending lives on,
 * a stalled one is closed. Once the body has been read, a slow handler is not affected.
 *
 * The timer is lifted when the body ends, and only if the response is still being made: once the
 * response has finished, Node has set the socket's keep-alive timeout (`keepAliveTimeout`), which
 * must stay so an idle keep-alive connection is closed; a body still stalling then is cut off by
 * that timeout (the listener below stays until the body ends), not held for the request timeout.
 */
export function closeStalledBodies(idleMs: number): RequestHandler {
  return (req, res, next) => {
    if (!hasNonEmptyBody(req.headers) || req.complete) return next();
    const onTimeout = () => {
      req.log?.info({ idleMs }, 'request body stalled; connection closed');
      req.socket.destroy();
    };
    req.setTimeout(idleMs, onTimeout);
    req.once('end', () => {
      req.off('timeout', onTimeout);
      if (!res.writableFinished) req.socket?.setTimeout(0);
    });
    next();
  };
}
