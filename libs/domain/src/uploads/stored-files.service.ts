import { extname } from 'node:path';
import { Service } from 'typedi';
import type { Readable } from 'node:stream';
import { normalizeStorageKey, Storage } from '@platform/storage';

/** Content types by extension for streamed files; anything else is application/octet-stream. */
const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.pdf': 'application/pdf',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.csv': 'text/csv',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};
export const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[extname(key).toLowerCase()] ?? FALLBACK_CONTENT_TYPE;
}

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
