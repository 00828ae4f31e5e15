export { slugify, SLUG_PATTERN, SLUG_MAX_LENGTH } from './slugify';
export { SlugHistory } from './slug-history';
export type { SlugHistoryTables, SluggedModel } from './slug-history';
