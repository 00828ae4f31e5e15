import { Inject, Service } from 'typedi';
import { Database } from '@platform/db';
import { CatalogWrites, versionedViewsToken, VersionedViews } from '../shared';

/**
 * Customer reads of trainings (learning-commerce.md "Limits": REDIS_CACHE_TTL_SECONDS). One
 * namespace for every training view: any admin write makes all of them stale, after it commits.
 */
export const TRAINING_CATALOG_VIEWS = versionedViewsToken('training:catalog', (config) => ({ ttlSeconds: config.redis.cacheTtlSeconds }));

/** The one way admin use cases write trainings (CatalogWrites); seat counters use `invalidate`. */
@Service()
export class TrainingCatalogWrites extends CatalogWrites {
  constructor(db: Database, @Inject(TRAINING_CATALOG_VIEWS) views: VersionedViews) {
    super(db, views);
  }
}
