import express, { RequestHandler } from 'express';
import { DomainError } from '@platform/domain';

export interface JsonBodyOptions {
  /** The size cap (1 MB by default). */
  limit: string;
  /** The error over the cap: 413 PAYLOAD_TOO_LARGE, or 400 where a spec says so. */
  tooLarge: 'PAYLOAD_TOO_LARGE' | 'VALIDATION_ERROR';
}

/** `application/json` and structured-syntax JSON types (RFC 6839), any charset parameter. */
export const JSON_TYPES = ['application/json', 'application/*+json'];

/**
 * Deeper bodies are refused before JSON.parse: class-transformer walks a body recursively, so a
 * few kilobytes of `[[[[...` would overflow the stack (a 500) before validation saw it. No body
 * the platform takes comes near this depth.
 */
export const MAX_JSON_DEPTH = 32;

export function jsonBodies({ limit, tooLarge }: JsonBodyOptions): RequestHandler {
  const parse = express.json({ limit, type: JSON_TYPES, verify: (_req, _res, raw) => refuseDeepNesting(raw) });
  return (req, res, next) =>
    parse(req, res, (error?: unknown) =>
      next((error as { type?: string } | undefined)?.type === 'entity.too.large' ? new DomainError(tooLarge, 'Request body too large') : error),
    );
}

/**
 * A single pass over the raw bytes, counting brackets outside strings (about 1 ms per MB).
 * A `\` inside a string skips the next byte, so an escaped quote does not end the string.
 */
export function jsonDepthExceeds(raw: Buffer, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === 0x5c) i++;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > max) return true;
    } else if (byte === 0x7d || byte === 0x5d) depth--;
  }
  return false;
}

function refuseDeepNesting(raw: Buffer): void {
  if (jsonDepthExceeds(raw)) throw new DomainError('VALIDATION_ERROR', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
}

type ParsedRequest = { _body?: boolean };

/**
 * A non-empty body the app cannot read is refused with 415 (CONTRACT section 4) rather than
 * ignored, which would leave the client with a validation error about its first field. Mounted
 * after the app's own parsers (`configure`), so a body one of them read (payment callbacks'
 * form fields; body-parser marks it `_body`) passes; multipart is left to the upload routes.
 */
export const requireReadableBody: RequestHandler = (req, _res, next) => {
  if (!hasNonEmptyBody(req.headers) || (req as ParsedRequest)._body || req.is('multipart/form-data')) return next();
  if (req.is(JSON_TYPES)) return next();
  const given = req.headers['content-type'] ? `got ${req.headers['content-type'].split(';')[0]}` : 'no Content-Type was given';
  next(new DomainError('UNSUPPORTED_MEDIA_TYPE', `Request body must be sent as application/json (${given})`));
};

export function hasNonEmptyBody(headers: { 'transfer-encoding'?: string; 'content-length'?: string }): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}
