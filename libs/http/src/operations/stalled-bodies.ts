import type { RequestHandler } from 'express';
import { hasNonEmptyBody } from '../json-bodies';

/**
 * A body that stops short of its Content-Length would hold the connection until the server's
 * request timeout, which must be long enough for the largest upload. Instead, the socket may stay
 * silent at most `idleMs` while the body is being received: an upload that keeps sending lives on,
 * a stalled one is closed. Once the body has been read, a slow handler is not affected.
 */
export function closeStalledBodies(idleMs: number): RequestHandler {
  return (req, res, next) => {
    if (!hasNonEmptyBody(req.headers) || req.complete) return next();
    req.setTimeout(idleMs, () => {
      req.log?.info({ idleMs }, 'request body stalled; connection closed');
      req.socket.destroy();
    });
    const clear = () => req.setTimeout(0);
    req.once('end', clear);
    res.once('finish', clear);
    next();
  };
}
