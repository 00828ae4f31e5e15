import { Service } from 'typedi';
import { allowedMimeTypes, InspectedUpload, UploadType } from '@platform/storage';
import { UploadStore } from '../upload-store.service';
import { NoFileUploaded } from '../uploads.errors';
import type { UploadedFileInput, UploadResultView } from '../uploaded-file';

export interface UploadFilesInput {
  files: UploadedFileInput[];
  type: UploadType;
  /** The multipart field the files came in, for the "no file" message. */
  field?: string;
}

/**
 * Stores one or more uploaded files as `type` (community-content-uploads.md, "Uploads"). Every
 * file is inspected before any is stored, so one disallowed file refuses the whole request
 * with nothing written; if storing or resolving URLs fails midway (a 502), the files already
 * stored are deleted again.
 */
@Service()
export class UploadFilesUseCase {
  constructor(private readonly store: UploadStore) {}

  async execute({ files, type, field }: UploadFilesInput): Promise<UploadResultView[]> {
    if (files.length === 0) throw NoFileUploaded(field);
    const allowed = allowedMimeTypes(type);
    const inspected: InspectedUpload[] = [];
    for (const file of files) inspected.push(await this.store.inspect(file, allowed));

    const keys: string[] = [];
    try {
      for (const [index, file] of files.entries()) keys.push(await this.store.put(file, type, inspected[index]));
      // Resolving the URLs signs private keys, which can fail too: the caller then gets an error
      // and no key, so the stored objects would be left behind with nothing pointing at them.
      return await Promise.all(files.map((file, index) => this.store.describe(keys[index], file, inspected[index])));
    } catch (error) {
      await Promise.all(keys.map((key) => this.store.deleteQuietly(key, 'the upload failed before its result was answered')));
      throw error;
    }
  }
}
