import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { Inject, Service } from 'typedi';
import type { Logger } from '@platform/observability';
import { inspectUpload, InspectedUpload, Storage, UploadType } from '@platform/storage';
import { LOGGER } from '../shared';
import { newUploadKey } from './upload-keys';
import type { UploadedFileInput, UploadResultView } from './uploaded-file';

/**
 * Puts uploaded files into storage: inspection (declared type, extension and magic numbers),
 * a fresh key, a streamed write (the temporary file is read in chunks, never whole), and the URL
 * the client renders. Shared by the upload routes and the trailer use cases.
 */
@Service()
export class UploadStore {
  constructor(
    private readonly storage: Storage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Throws DisallowedFileTypeError (400, or 415 for trailers) naming the type. */
  inspect(file: UploadedFileInput, allowedMimeTypes: readonly string[]): Promise<InspectedUpload> {
    return inspectUpload({
      path: file.path,
      declaredMimeType: file.mimeType,
      originalName: file.originalName,
      allowedMimeTypes,
    });
  }

  /** Writes an inspected file under a new key of `type` and returns the key. */
  async put(file: UploadedFileInput, type: UploadType, inspected: InspectedUpload): Promise<string> {
    const key = newUploadKey(type, inspected.extension);
    await this.storage.put(key, createReadStream(file.path), { contentType: inspected.mimeType, contentLength: file.size });
    return key;
  }

  async describe(key: string, file: UploadedFileInput, inspected: InspectedUpload): Promise<UploadResultView> {
    const { url, expiresAt } = await this.storage.resolveUrl(key);
    return {
      filename: basename(key),
      originalName: file.originalName,
      mimeType: inspected.mimeType,
      size: file.size,
      relativePath: key,
      url,
      expiresAt,
    };
  }

  /**
   * Deletes an object when losing it is better than failing the caller (a replaced trailer, the
   * new object of a write that failed): a failure is logged, never thrown.
   */
  async deleteQuietly(key: string, reason: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn({ err: error, key, reason }, 'could not delete a stored object; it is left behind');
    }
  }
}
