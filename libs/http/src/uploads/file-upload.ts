import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer, { MulterError } from 'multer';
import { Action, createParamDecorator, getMetadataArgsStorage, UseBefore } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import type { ContainerInstance } from 'typedi';
import type { AppConfig } from '@platform/config';
import { CONFIG, DomainError, UploadedFileInput } from '@platform/domain';
import { authorizationChecker } from '../auth';
import { hasNonEmptyBody } from '../json-bodies';
import { requestTempDir } from './upload-temp-dir';

export interface FileUploadOptions {
  /** The multipart field the file(s) come in. */
  field: string;
  /** 1 (the default) takes a single file; more takes up to that many in the same field. */
  maxFiles?: number;
  /** Read from the app's config on every request, so each app instance applies its own setting. */
  maxSizeBytes: (config: AppConfig) => number;
}

export const MB = 1024 * 1024;

const FILES = Symbol('platform.uploadedFiles');
type RequestWithUploads = Request & { [FILES]?: UploadedFileInput[] };

/**
 * Multipart parsing for one route: every file STREAMS to a temporary directory on disk (multer's
 * diskStorage; nothing is buffered in memory), within the size and count limits, and the
 * directory is removed when the response is done. The route's own authorization runs first, so
 * an anonymous or unauthorized caller is refused before a byte of the body is stored (and the
 * error handler closes the connection rather than read the rest of that body).
 * Errors: a file over the limit is multer's LIMIT_FILE_SIZE (413), too many files or another
 * field LIMIT_FILE_COUNT / LIMIT_UNEXPECTED_FILE (400), a malformed body 400 (errors/error-response.ts).
 */
export function FileUpload(options: FileUploadOptions): MethodDecorator {
  return (target, propertyKey, descriptor) => {
    const route = { target: target.constructor, method: String(propertyKey) };
    UseBefore(fileUploadMiddleware(options, route))(target, String(propertyKey), descriptor);
    OpenAPI({ requestBody: multipartBody(options) })(target, String(propertyKey), descriptor);
  };
}

/** The files the route received (empty when the request carried none). */
export const UploadedTempFiles = () =>
  createParamDecorator({ required: false, value: (action: Action) => (action.request as RequestWithUploads)[FILES] ?? [] });

/** The single file the route received, or undefined. */
export const UploadedTempFile = () =>
  createParamDecorator({ required: false, value: (action: Action) => (action.request as RequestWithUploads)[FILES]?.[0] });

function fileUploadMiddleware(options: FileUploadOptions, route: { target: Function; method: string }): RequestHandler {
  const maxFiles = options.maxFiles ?? 1;
  return (req: Request, res: Response, next: NextFunction) => {
    authorizeFirst(req, res, next, route)
      .then(async () => {
        // First: a JSON body was already read (and the request stream ended) by the JSON parser,
        // so multer would wait for it forever and the request would look like a client gone.
        if (hasNonEmptyBody(req.headers) && !req.is('multipart/form-data')) {
          throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Uploads must be sent as multipart/form-data');
        }
        // The client may have gone while its token was checked: there is no body to read and
        // no one to answer, so no directory is made and no parser waits on a dead socket.
        if (clientGone(req, res)) return;
        const config = (req.app.locals['container'] as ContainerInstance).get(CONFIG);
        const fileSize = options.maxSizeBytes(config);
        // A declared length no allowed body can reach is refused before a byte is read; past this
        // point multer reads (and, on an error, drains) the body.
        if (Number(req.headers['content-length']) > maxBodyBytes(fileSize, maxFiles)) {
          throw new DomainError('PAYLOAD_TOO_LARGE', 'File too large');
        }
        const destination = await requestTempDir(res);
        if (destination === undefined) return;
        const parse = multer({
          storage: multer.diskStorage({ destination, filename: (_req, _file, done) => done(null, randomUUID()) }),
          limits: { fileSize, files: maxFiles, fields: FIELDS, fieldSize: FIELD_BYTES, parts: maxFiles + FIELDS },
        }).array(options.field, maxFiles);
        parse(req, res, (error?: unknown) => {
          if (error) return next(asUploadError(error));
          (req as RequestWithUploads)[FILES] = ((req.files as Express.Multer.File[] | undefined) ?? []).map(toUploadedFile);
          next();
        });
      })
      .catch(next);
  };
}

const clientGone = (req: Request, res: Response) => req.destroyed || res.closed || res.destroyed;

const FIELDS = 20;
const FIELD_BYTES = 64 * 1024;
/** A part's boundary and headers: a few hundred bytes in practice, a long file name included. */
const PART_OVERHEAD_BYTES = 16 * 1024;

/** The largest multipart body the limits let through: every file and field at its limit, with generous part overhead. */
function maxBodyBytes(fileSize: number, maxFiles: number): number {
  return maxFiles * fileSize + FIELDS * FIELD_BYTES + (maxFiles + FIELDS) * PART_OVERHEAD_BYTES;
}

/**
 * routing-controllers runs `UseBefore` middleware before its authorization check; the check is
 * run here first too (it authenticates once per request), so parsing starts only for a caller
 * the route accepts.
 */
async function authorizeFirst(req: Request, res: Response, next: NextFunction, route: { target: Function; method: string }) {
  const authorized = getMetadataArgsStorage().responseHandlers.filter((handler) => handler.type === 'authorized' && handler.target === route.target);
  const requirement = authorized.find((handler) => handler.method === route.method) ?? authorized.find((handler) => !handler.method);
  if (requirement) await authorizationChecker({ request: req, response: res, next }, (requirement.value as string[]) ?? []);
}

function toUploadedFile(file: Express.Multer.File): UploadedFileInput {
  return { path: file.path, originalName: file.originalname, mimeType: file.mimetype, size: file.size };
}

/**
 * MulterError is mapped centrally; busboy reports a malformed body (no boundary, a truncated
 * part) as a bare Error, which is the client's fault, not the server's. A system error (a full
 * disk) keeps its errno and stays a 500.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof MulterError || error instanceof DomainError) return error;
  if (typeof (error as NodeJS.ErrnoException)?.errno === 'number') return error;
  return new DomainError('VALIDATION_ERROR', `Malformed multipart body: ${(error as Error)?.message ?? 'unreadable'}`);
}

type Operation = Exclude<Parameters<typeof OpenAPI>[0], Function>;

function multipartBody(options: FileUploadOptions): Operation['requestBody'] {
  const maxFiles = options.maxFiles ?? 1;
  const binary = { type: 'string', format: 'binary' } as const;
  const property = maxFiles > 1 ? ({ type: 'array', items: binary, maxItems: maxFiles } as const) : binary;
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object' as const, required: [options.field], properties: { [options.field]: property } },
      },
    },
  };
}
