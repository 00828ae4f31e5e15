import type { ErrorRequestHandler, RequestHandler } from 'express';
import { toHttpErrorResponse } from './error-response';

/**
 * The one place an error becomes a response. It is a plain express error handler rather than a
 * routing-controllers middleware so that failures before routing (body parsing, unknown routes)
 * take the same path. Unexpected errors are logged with the request id (pino-http's `req.log`).
 */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const response = toHttpErrorResponse(error);
  if (response.unexpected) req.log?.error({ err: error }, 'unhandled error');
  res.status(response.status).set(response.headers).json(response.body);
};

/** Unknown routes. routing-controllers calls `next()` after it has answered, hence the check. */
export const notFoundHandler: RequestHandler = (req, res, next) => {
  if (res.headersSent) return next();
  res.status(404).json({ message: `Route ${req.method} ${req.path} not found`, errorCode: 'NOT_FOUND' });
};
