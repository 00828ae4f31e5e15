import { Service } from 'typedi';
import type { Readable } from 'node:stream';
import { contentTypeForKey, normalizeStorageKey, Storage } from '@platform/storage';

export interface OpenedFile {
  key: string;
  stream: Readable;
  contentLength?: number;
  /** Inferred from the key's extension (not from what the store says), as the spec asks. */
  contentType: string;
}

/** Reads of stored bytes for the file route (community-content-uploads.md, `GET /api/upload/file/*key`). */
@Service()
export class StoredFilesService {
  constructor(private readonly storage: Storage) {}

  /** 400 for a bad key, 404 when nothing is stored there, 502 when the store fails. */
  async open(rawKey: string): Promise<OpenedFile> {
    const key = normalizeStorageKey(rawKey);
    const object = await this.storage.open(key);
    return { key, stream: object.stream, contentLength: object.contentLength, contentType: contentTypeForKey(key) };
  }
}
