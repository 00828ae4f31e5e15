export { VersionedCaches, versionedViews, versionedViewsToken, uncachedViews, ALL_OWNERS, MIN_VERSION_TTL_SECONDS } from './versioned-caches.service';
export type { VersionedViews, VersionedViewsSpec, ReadOptions } from './versioned-caches.service';
export { CatalogWrites } from './catalog-writes';
