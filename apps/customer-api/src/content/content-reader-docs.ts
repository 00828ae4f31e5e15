/** OpenAPI text the public content routes (ContentReadersController, ContentLibraryController) share. */
export const ALIAS = 'Also served under /api/mobile/content/....';
export const PAGE =
  'page (default 1), size (1-100, default 20; larger is capped at 100), pagination=false for every row; order asc|desc ' +
  '(default desc)';
export const ITEM_PAGE =
  `${PAGE}; sort publishedAt (default: newest first) | title | relevance (the search's rank; publishedAt without a search), ` +
  'ties by id in the same order; search: a full-text search of title and summary (whole words)';
export const SERIES_FIELDS = 'A series: id, title, slug (the current one), description, status, tier (its series-level rule: basic|premium|null), createdAt, updatedAt.';
export const PREVIEW_FIELDS =
  "A preview: id, slug (the current one), contentType (newsletter), title, summary, tier (the effective tier: the item's rule, " +
  "else its series', else null for a free item), series { id, title, slug }, publishedAt, category { id, name, slug } or null, " +
  'tags [{ id, name, slug }], body: the body of a free item, null for a tiered one (read it through /full).';
export const FULL_FIELDS = 'A full item: the preview\'s fields with body always set.';
export const BAD_QUERY = '400 VALIDATION_ERROR for a malformed query parameter (an unknown sort, a page below 1, a non-integer id).';
export const ITEM_SLUG_DOC = {
  in: 'path',
  name: 'slug',
  required: true,
  description: "The item's current or a former slug. Never `featured`: /api/content/items/featured is the featured list.",
  schema: { type: 'string' },
};
export const SERIES_SLUG_DOC = { in: 'path', name: 'slug', required: true, description: "The series' current or a former slug.", schema: { type: 'string' } };
