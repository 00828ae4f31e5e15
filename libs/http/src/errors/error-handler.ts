import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError } from '@platform/domain';
import { toHttpErrorResponse } from './error-response';

/**
 * The one place an error becomes a response. It is a plain express error handler rather than a
 * routing-controllers middleware so that failures before routing (body parsing, unknown routes)
 * take the same path. Unexpected errors are logged with the request id (`req.log`).
 *
 * A refusal sent before the request body was read (401/403 ahead of an upload, 429, 413 part-way
 * through a file) says `Connection: close`: to keep the connection alive, Node would otherwise
 * read and discard the rest of the body, however large, after answering.
 */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const response = toHttpErrorResponse(error);
  if (response.unexpected) req.log?.error({ err: error }, 'unhandled error');
  if (!req.complete) res.setHeader('Connection', 'close');
  res.status(response.status).set(response.headers).json(response.body);
};

/** Unknown routes. routing-controllers calls `next()` after it has answered, hence the check. */
export const notFoundHandler: RequestHandler = (req, res, next) => {
  if (res.headersSent) return next();
  res.status(404).json({ message: `Route ${req.method} ${req.path} not found`, errorCode: 'NOT_FOUND' });
};

/**
 * Every JSON body the platform accepts is an object. A top-level array (or scalar) would slip
 * past class-validator, which validates the object it is given and nothing else.
 */
export const rejectNonObjectBodies: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (req.is(['application/json', 'application/*+json']) && (Array.isArray(body) || typeof body !== 'object' || body === null)) {
    return next(new DomainError('VALIDATION_ERROR', 'Request body must be a JSON object'));
  }
  next();
};
