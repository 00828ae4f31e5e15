import { v7 as uuidv7 } from 'uuid';
import { normalizeStorageKey, UPLOAD_TYPES, UploadType } from '@platform/storage';

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

/**
 * Whether a trailerRef may be deleted as a managed trailer (learning-commerce.md, "Course
 * trailers", rule 4). trailerRef can also be written directly (PATCH training), so the prefix
 * alone is not enough: `public/trailer/../../uploads/video/x` starts with it and names another
 * object. Only a ref that is already a normalized key, unchanged by the key rules, qualifies.
 */
export function isManagedTrailerRef(ref: string | null | undefined): ref is string {
  if (typeof ref !== 'string' || !ref.startsWith(MANAGED_TRAILER_PREFIX)) return false;
  try {
    return normalizeStorageKey(ref) === ref;
  } catch {
    return false; // a key the rules refuse (a control character) is never a managed trailer
  }
}
