import { InvalidStorageKeyError } from './storage.errors';

const ALLOWED_PREFIXES = ['public/', 'uploads/'];

/**
 * The key rules (community-content-uploads.md, "Key rules"): `..` segments (and empty or `.`
 * ones) are removed; the result must start with `public/` or `uploads/`; an empty key or another
 * prefix is refused.
 */
export function normalizeStorageKey(raw: string): string {
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
