import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageUnavailableError } from '@platform/storage';

export interface StoredObjectBody {
  stream: Readable;
  contentLength?: number;
  contentType: string;
}

/**
 * Streams a stored object as the response with the file route's headers
 * (community-content-uploads.md, `GET /api/upload/file/*key`). Headers are written only once the
 * first bytes (or the end) arrived, so a store that fails at the start still gets a clean 502
 * STORAGE_ERROR; a failure after that can only cut the response short.
 */
export async function sendStoredObject(res: Response, body: StoredObjectBody): Promise<void> {
  try {
    await firstBytes(body.stream);
  } catch (error) {
    body.stream.destroy();
    throw new StorageUnavailableError('stream', error);
  }
  // setHeader, not express's res.set: that would append a charset to text types (text/csv).
  res.statusCode = 200;
  res.setHeader('Cache-Control', 'private, max-age=3600');
  res.setHeader('Content-Type', body.contentType);
  res.setHeader('Content-Disposition', 'inline');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (body.contentLength !== undefined) res.setHeader('Content-Length', String(body.contentLength));
  try {
    await pipeline(body.stream, res);
  } catch (error) {
    // Headers are out: all that is left is to end the connection, so the client sees a short body.
    res.destroy(error as Error);
    res.req.log?.warn({ err: error }, 'stored object stream failed mid-response');
  }
}

/**
 * Resolves when the stream can be read (or has ended), rejects on its first error. A no-op error
 * listener stays attached: an error between this and `pipeline` must not crash the process, and
 * `pipeline` still sees it (the stream is then `errored`).
 */
function firstBytes(stream: Readable): Promise<void> {
  stream.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    if (stream.errored) return reject(stream.errored);
    if (stream.readableLength > 0 || stream.readableEnded) return resolve();
    const settle = (error?: Error) => {
      stream.off('readable', onReady);
      stream.off('end', onReady);
      stream.off('error', settle);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => settle();
    stream.once('readable', onReady);
    stream.once('end', onReady);
    stream.once('error', settle);
  });
}
