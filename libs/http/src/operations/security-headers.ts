import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { HelmetOptions } from 'helmet';

/**
 * helmet's headers, computed once: for options without per-request parts (no CSP nonces) they
 * are the same on every response, so one loop sets them instead of helmet's chain of a dozen
 * middlewares per request.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): RequestHandler {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
