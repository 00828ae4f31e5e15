import { extname } from 'node:path';
import { Service } from 'typedi';
import { DisallowedFileTypeError } from '@platform/storage';
import { UploadStore } from './upload-store.service';
import { isManagedTrailerRef } from './upload-keys';
import { NoFileUploaded, TrailerNotMp4 } from './uploads.errors';
import type { UploadedFileInput } from './uploaded-file';

const TRAILER_MIME_TYPE = 'video/mp4';
const TRAILER_EXTENSION = '.mp4';

/**
 * The storage side of managed trailers (learning-commerce.md, "Course trailers" and "Training
 * trailers", one rule set for both): an MP4 by declared type, by extension and by content, stored
 * as upload type `trailer`; a replaced trailer is deleted only when it is a managed one.
 */
@Service()
export class TrailerFiles {
  constructor(private readonly uploads: UploadStore) {}

  /** Validates (400 without a file, 415 when it is not MP4) and stores the file; returns its key. */
  async store(file: UploadedFileInput | undefined): Promise<string> {
    if (!file) throw NoFileUploaded();
    if (file.mimeType.split(';')[0].trim().toLowerCase() !== TRAILER_MIME_TYPE) throw TrailerNotMp4(`the file was sent as ${file.mimeType}`);
    if (extname(file.originalName).toLowerCase() !== TRAILER_EXTENSION) throw TrailerNotMp4('the file name does not end in .mp4');
    const inspected = await this.uploads.inspect(file, [TRAILER_MIME_TYPE]).catch((error: unknown) => {
      throw error instanceof DisallowedFileTypeError ? TrailerNotMp4('the content is not an MP4 video') : error;
    });
    return this.uploads.put(file, 'trailer', inspected);
  }

  /**
   * The managed replace, in the spec's order of work: validate and store the file; `point` saves
   * the owner's trailerRef as the new key (in its own transaction) and answers the ref it replaced;
   * then the replaced object is deleted, best effort and only when managed. The owner points at
   * the new trailer only after the upload succeeded, and if `point` fails the new object is
   * deleted again before the error goes on ("Training trailers": a failed save leaves no orphan).
   */
  async replace<Pointed extends { previousRef: string | null }>(
    file: UploadedFileInput | undefined,
    point: (key: string) => Promise<Pointed>,
  ): Promise<Pointed & { key: string }> {
    const key = await this.store(file);
    let pointed: Pointed;
    try {
      pointed = await point(key);
    } catch (error) {
      await this.discardNew(key);
      throw error;
    }
    await this.discardReplaced(pointed.previousRef, key);
    return { ...pointed, key };
  }

  /** Clear: `clear` sets the owner's trailerRef to null and answers the old ref, which is then deleted (managed only). */
  async clear(clear: () => Promise<string | null>): Promise<void> {
    const previousRef = await clear();
    await this.discardReplaced(previousRef, null);
  }

  /** The new object of a trailer change that could not be saved. */
  discardNew(key: string): Promise<void> {
    return this.uploads.deleteQuietly(key, 'the trailer could not be saved');
  }

  /** Best effort, and only for managed refs: legacy refs (another form) are never deleted. */
  async discardReplaced(previousRef: string | null, currentRef: string | null): Promise<void> {
    if (isManagedTrailerRef(previousRef) && previousRef !== currentRef) {
      await this.uploads.deleteQuietly(previousRef, 'the trailer was replaced or cleared');
    }
  }
}
