import { Inject, Service } from 'typedi';
import { Database } from '@platform/db';
import { CatalogWrites, versionedViewsToken, VersionedViews } from '../../shared';

/**
 * The course storefront as customers read it (list and course page; learning-commerce.md
 * "Limits": REDIS_CACHE_TTL_SECONDS). One namespace: any course write makes every view stale.
 */
export const STOREFRONT_COURSE_VIEWS = versionedViewsToken('catalog:storefront-courses', (config) => ({ ttlSeconds: config.redis.cacheTtlSeconds }));

/** The one way course use cases write (product, course, topics, lessons, trailer): CatalogWrites. */
@Service()
export class CourseCatalogWrites extends CatalogWrites {
  constructor(db: Database, @Inject(STOREFRONT_COURSE_VIEWS) views: VersionedViews) {
    super(db, views);
  }
}
