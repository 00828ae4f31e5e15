import { v7 as uuidv7 } from 'uuid';
import { UPLOAD_TYPES, UploadType } from '@platform/storage';

/**
 * A new key for an upload: `<type prefix><yyyy>/<mm>/<uuidv7>.<ext>` (UTC month). UUIDv7 keys
 * sort by creation time and never collide, so an upload never overwrites another object.
 */
export function newUploadKey(type: UploadType, extension: string, now = new Date()): string {
  const year = now.getUTCFullYear();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${UPLOAD_TYPES[type].prefix}${year}/${month}/${uuidv7()}.${extension}`;
}

/** Managed trailers live under this prefix; any other trailerRef is legacy and never deleted. */
export const MANAGED_TRAILER_PREFIX = UPLOAD_TYPES.trailer.prefix;

export const isManagedTrailerRef = (ref: string | null | undefined): ref is string =>
  typeof ref === 'string' && ref.startsWith(MANAGED_TRAILER_PREFIX);
