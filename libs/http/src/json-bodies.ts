import type { Readable } from 'node:stream';
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
  return (req, res, next) => {
    const charset = req.is(JSON_TYPES) ? charsetOf(req.headers['content-type']) : undefined;
    if (charset !== undefined && !UTF8.test(charset)) {
      return next(new DomainError('UNSUPPORTED_MEDIA_TYPE', `JSON bodies must be encoded as UTF-8 (got charset=${charset.slice(0, 40)})`));
    }
    parse(req, res, (error?: unknown) =>
      next((error as { type?: string } | undefined)?.type === 'entity.too.large' ? new DomainError(tooLarge, 'Request body too large') : error),
    );
  };
}

/**
 * JSON exchanged between systems is UTF-8 (RFC 8259 section 8.1), and the depth scan below reads
 * UTF-8 bytes: in UTF-7 a `[` is `+AFs-`, in UTF-16 a `"` can hide in another character's bytes,
 * so another charset (which express.json would decode) is refused before any byte is read.
 */
const UTF8 = /^utf-?8$/i;

function charsetOf(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1];
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

const READS_ANY_BODY = Symbol('reads any body');
type ParsedRequest = { _body?: boolean; [READS_ANY_BODY]?: true };

/**
 * Opts the routes mounted after it out of the 415 below: they read (or deliberately ignore) bodies
 * of any type themselves. For routes that must answer the same way whatever they are sent, such as
 * payment callbacks (always a redirect); mount it in `configure` on their path.
 */
export const acceptAnyBody: RequestHandler = (req, _res, next) => {
  (req as ParsedRequest)[READS_ANY_BODY] = true;
  next();
};

/**
 * A non-empty body the app cannot read is refused with 415 (CONTRACT section 4) rather than
 * ignored, which would leave the client with a validation error about its first field. Mounted
 * after the app's own parsers (`configure`), so a body one of them read (body-parser marks it
 * `_body`) or one `acceptAnyBody` lets through passes; multipart is left to the upload routes.
 */
export const requireReadableBody: RequestHandler = (req, _res, next) => {
  const parsed = req as ParsedRequest;
  if (!hasNonEmptyBody(req.headers) || parsed._body || parsed[READS_ANY_BODY] || req.is('multipart/form-data')) return next();
  if (req.is(JSON_TYPES)) return next();
  const given = req.headers['content-type'] ? `got ${req.headers['content-type'].split(';')[0]}` : 'no Content-Type was given';
  const refuse = () => next(new DomainError('UNSUPPORTED_MEDIA_TYPE', `Request body must be sent as application/json (${given})`));
  // A chunked request without a type is often a streaming client's bodiless POST (`0\r\n\r\n`):
  // refused only once a byte arrives.
  if (req.headers['content-length'] === undefined && !req.headers['content-type']) return whenBodyKnown(req, (empty) => (empty ? next() : refuse()));
  refuse();
};

/** Reads until the first chunk or the end; the chunk is dropped (the request is refused then). */
function whenBodyKnown(req: Readable, done: (empty: boolean) => void): void {
  const settle = (empty: boolean) => {
    req.off('data', onData).off('end', onEnd);
    if (!empty) req.pause();
    done(empty);
  };
  const onData = () => settle(false);
  const onEnd = () => settle(true);
  req.on('data', onData).on('end', onEnd);
}

export function hasNonEmptyBody(headers: { 'transfer-encoding'?: string; 'content-length'?: string }): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}
