import { InvalidStorageKeyError } from './storage.errors';

const ALLOWED_PREFIXES = ['public/', 'uploads/'];

/**
 * C0 control characters and DEL. A NUL makes Node's file system calls throw, and none of them
 * belongs in an object name or a URL, so a key holding one is refused, not cleaned.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\x00-\x1f\x7f]/;

/**
 * The longest key either driver can hold: S3 object keys are at most 1,024 bytes of UTF-8, and a
 * local file name (a path segment) at most 255 bytes on common file systems (NAME_MAX). A longer
 * key is the client's mistake (400), not a storage outage (ENAMETOOLONG would read as 502).
 */
export const MAX_KEY_BYTES = 1024;
export const MAX_KEY_SEGMENT_BYTES = 255;

/**
 * The key rules (community-content-uploads.md, "Key rules"): `..` segments (and empty or `.`
 * ones) are removed; the result must start with `public/` or `uploads/`; an empty key, another
 * prefix or a control character is refused.
 */
export function normalizeStorageKey(raw: string): string {
  if (CONTROL_CHARACTERS.test(raw)) throw new InvalidStorageKeyError('The key must not contain control characters');
  const key = raw
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .join('/');
  if (key === '') throw new InvalidStorageKeyError('The key is empty');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new InvalidStorageKeyError(`The key must be at most ${MAX_KEY_BYTES} bytes long`);
  if (key.split('/').some((segment) => Buffer.byteLength(segment) > MAX_KEY_SEGMENT_BYTES)) {
    throw new InvalidStorageKeyError(`Each segment of the key must be at most ${MAX_KEY_SEGMENT_BYTES} bytes long`);
  }
  if (!ALLOWED_PREFIXES.some((prefix) => key.startsWith(prefix))) {
    throw new InvalidStorageKeyError('The key must start with public/ or uploads/');
  }
  return key;
}

export const isPublicKey = (key: string): boolean => key.startsWith('public/');
