export { VersionedCaches, versionedViews, ALL_OWNERS, MIN_VERSION_TTL_SECONDS } from './versioned-views';
export type { VersionedViews, VersionedViewsSpec, ReadOptions } from './versioned-views';
