import type { ContainerInstance } from 'typedi';
import { createCustomerApi } from '../../apps/customer-api/src/customer-api';
import { uncachedViews, VersionedCaches, VersionedViews } from '@platform/domain';
import { listen } from '@platform/http';
import type { Infrastructure } from '@platform/runtime';
import type { RunningApp } from './apps';
import type { Cleanup } from './cleanup';

/**
 * VersionedCaches whose views never cache: every read loads (and serialises what it loaded, as a
 * miss of the real cache does), invalidations do nothing. It remembers the views it made, so the
 * bench can prove the app's views are these (nothing took the real VersionedCaches first).
 */
export class UncachedVersionedCaches {
  private readonly made = new WeakSet<VersionedViews>();

  define(): VersionedViews {
    const views = uncachedViews();
    this.made.add(views);
    return views;
  }

  madeHere(views: unknown): boolean {
    return typeof views === 'object' && views !== null && this.made.has(views as VersionedViews);
  }
}

export interface UncachedCustomerApi extends RunningApp {
  caches: UncachedVersionedCaches;
}

/**
 * A second customer-api over the same Infrastructure (database, Redis, queues) whose versioned
 * caches are off, for the "cache disabled" scenarios. The override goes in before the app builds
 * anything from its container: a service that had already taken the real VersionedCaches would
 * keep caching, so finding one there stops the bench.
 */
export async function startUncachedCustomerApi(infra: Infrastructure, cleanup: Cleanup): Promise<UncachedCustomerApi> {
  const app = createCustomerApi(infra);
  const caches = disableVersionedCaches(app.container);
  const server = await listen(app.express, 0);
  cleanup.add('stop the uncached customer-api', () => server.close(1_000));
  return { name: 'customer-api (cache disabled)', app, baseUrl: `http://127.0.0.1:${server.port}`, caches };
}

export function disableVersionedCaches(container: ContainerInstance): UncachedVersionedCaches {
  // typedi copies a global @Service into an app container when first resolved there.
  if (container.has(VersionedCaches)) throw new Error('VersionedCaches was resolved before the bench could disable it');
  const caches = new UncachedVersionedCaches();
  container.set(VersionedCaches, caches);
  return caches;
}
