import { randomUUID } from 'node:crypto';
import type { Express, NextFunction, Request, Response } from 'express';
import type { Level } from 'pino';
import type { Logger } from '@platform/observability';

declare module 'http' {
  interface IncomingMessage {
    /** The request id: the caller's `X-Request-Id` when well-formed, else a new UUID. */
    id: string;
    /** A logger bound to this request (`req: { id, method, url }`), made on first use. */
    readonly log: Logger;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const REQUEST_LOGGER = Symbol('request logger');

type LoggedRequest = Request & { [REQUEST_LOGGER]?: Logger };

/** Query parameters that are bearer secrets (the payment result token reads a payment's state). */
const SECRET_QUERY = /([?&](?:token)=)[^&#]*/gi;

/** The URL as logged: secret query values replaced, so a log reader cannot replay them. */
export function loggedUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * Request ids and one log line per finished request (`request completed`, `request errored` for a
 * 5xx, `request aborted` when the client left first): error for 5xx, info for 4xx and aborted
 * requests, debug otherwise. Cheap when nothing
 * is logged: the per-request child logger is only made when something logs through `req.log`,
 * and a line whose level is off is never built (pino-http made and serialised a child logger for
 * every request, a tenth of a cached market answer's CPU).
 */
export function installRequestLogging(app: Express, logger: Logger): void {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: LoggedRequest): Logger {
      return (this[REQUEST_LOGGER] ??= logger.child({ req: { id: this.id, method: this.method, url: loggedUrl(this.originalUrl) } }));
    },
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    req.id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    if (!UNLOGGED_PATHS.has(req.path)) {
      const started = performance.now();
      res.once('close', () => logCompletion(req, res, performance.now() - started));
    }
    next();
  });

  function logCompletion(req: Request, res: Response, elapsedMs: number): void {
    const aborted = !res.writableFinished;
    // An aborted request's status is whatever was set before the client left (often still 200).
    const level: Level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 || aborted ? 'info' : 'debug';
    if (!logger.isLevelEnabled(level)) return;
    const message = aborted ? 'request aborted' : res.statusCode >= 500 ? 'request errored' : 'request completed';
    req.log[level]({ res: { statusCode: res.statusCode }, responseTime: Math.round(elapsedMs) }, message);
  }
}
