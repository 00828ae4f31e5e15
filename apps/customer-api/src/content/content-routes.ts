/**
 * A route pattern (express 4's path-to-regexp 0.1) matching one path segment other than `word`,
 * compared case-insensitively as express compares paths. `/items/featured` is a route of its own
 * (the featured controller), so the item slug pattern excludes it and the two controllers may be
 * registered in either order.
 *
 * That router's parser ends a parameter's pattern at its first `)`, so a lookahead
 * (`(?!featured$)`) cannot be written; the pattern says "not `word`" without groups instead: a
 * segment that leaves `word` at some position, a proper prefix of it, or `word` and more. (And it
 * turns the first `*` of a pattern into a group, hence `{0,}`.)
 */
export function segmentOtherThan(word: string): string {
  const rest = '[^/]{0,}';
  const leaves = [...word].map((char, at) => `${word.slice(0, at)}[^${char}/]${rest}`);
  const prefixes = [...word].slice(1).map((_, at) => word.slice(0, at + 1));
  return [...leaves, ...prefixes, `${word}[^/]+`].join('|');
}

/** `:slug` for /api/content/items/:slug(...) and /:slug/full: any segment but `featured` (RESERVED_ITEM_SLUGS). */
export const ITEM_SLUG_PARAM = `:slug(${segmentOtherThan('featured')})`;
