import { extname } from 'node:path';

/**
 * Content types by file extension, for every type an upload may have plus the HLS files of the
 * lesson video pipeline. Used both ways: uploads check that a file's extension belongs to its
 * declared type, and the file route (community-content-uploads.md, `GET /api/upload/file/*key`)
 * infers the Content-Type of a stored key from its extension.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
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

/** The content type of a key or file name by its extension (any case); application/octet-stream when unknown. */
export function contentTypeForKey(key: string): string {
  const extension = extname(key).toLowerCase();
  return Object.hasOwn(CONTENT_TYPES, extension) ? CONTENT_TYPES[extension] : FALLBACK_CONTENT_TYPE;
}
