import { InvalidStorageKeyError } from './storage.errors';

const ALLOWED_PREFIXES = ['public/', 'uploads/'];

/**
 * C0 control characters and DEL. A NUL makes Node's file system calls throw, and none of them
 * belongs in an object name or a URL, so a key holding one is refused, not cleaned.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\x00-\x1f\x7f]/;

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
  if (!ALLOWED_PREFIXES.some((prefix) => key.startsWith(prefix))) {
    throw new InvalidStorageKeyError('The key must start with public/ or uploads/');
  }
  return key;
}

export const isPublicKey = (key: string): boolean => key.startsWith('public/');
