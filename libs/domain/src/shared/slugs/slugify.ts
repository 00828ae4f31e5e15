import { randomBytes } from 'node:crypto';

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 120;

/**
 * A URL slug from a title: lower-case ASCII words joined by hyphens. A title with no Latin
 * letters (e.g. Devanagari) gets `<fallbackPrefix>-<random>`; admins can set a readable one.
 */
export function slugify(title: string, fallbackPrefix = 'item'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH - 8)
    .replace(/-+$/, '');
  return slug || `${fallbackPrefix}-${randomBytes(3).toString('hex')}`;
}
