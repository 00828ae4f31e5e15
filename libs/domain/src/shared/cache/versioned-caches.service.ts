import { Container, ContainerInstance, Inject, Service, Token } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import type { Cache, LoadedView, Redis, SerializedView } from '@platform/redis';
import { VersionedCache } from '@platform/redis';
import { CACHE, CONFIG, LOGGER, REDIS } from '../tokens';

/** A version number must outlive every view cached under it by far (see VersionedCache). */
export const MIN_VERSION_TTL_SECONDS = 86_400;

export interface VersionedViewsSpec {
  /** Namespace of the views and their version numbers, e.g. `orders:history`. */
  name: string;
  /** How long a view stays cached; a read may ask for less. */
  ttlSeconds: number;
  /** How long a version number lives, when more than MIN_VERSION_TTL_SECONDS and twice ttlSeconds. */
  versionTtlSeconds?: number;
}

export interface ReadOptions<T> {
  /** Shorter than the spec's ttlSeconds for this view (never longer). */
  ttlSeconds?: number;
  /** Refuses a cached view that went stale without a change (e.g. an expired cart): it is loaded again. */
  accept?: (cached: T) => boolean;
}

export interface SerializedReadOptions {
  /** Shorter than the spec's ttlSeconds for this view (never longer). */
  ttlSeconds?: number;
  /** Refuses a cached view by the tag stored with it (e.g. its end of validity): it is loaded again. */
  accept?: (tag: string) => boolean;
}

/** An owner's views (a user's orders, one portfolio), or with `ALL_OWNERS` views of everything. */
export const ALL_OWNERS = null;
type Owner = string | typeof ALL_OWNERS;

export interface VersionedViews {
  /** The view `view` of `owner`, loaded on a miss or when Redis fails. */
  read<T>(owner: Owner, view: string, load: () => Promise<T>, options?: ReadOptions<T>): Promise<T>;
  /**
   * The same view as finished JSON with the tag it was stored with, for a hot route that sends it as
   * it is (one Redis round trip on a hit; nothing parsed or serialised again).
   */
  readSerialized<T>(owner: Owner, view: string, load: () => Promise<LoadedView<T>>, options?: SerializedReadOptions): Promise<SerializedView>;
  /** Makes the owner's views stale: after `tx` commits (never when it rolls back), at once without one. */
  invalidate(owner: string, tx?: Transaction): Promise<void>;
  /** Makes every view of the namespace stale (all owners' and ALL_OWNERS' ones), like `invalidate`. */
  invalidateAll(tx?: Transaction): Promise<void>;
}

/**
 * The one versioned read cache (VersionedCache): each namespace keeps a version number per owner
 * and one for all, a view's key carries both, and an invalidation bumps one after its transaction
 * commits, so a read that loaded the old state never caches it where later reads look.
 */
export function versionedViews(cache: VersionedCache, spec: VersionedViewsSpec): VersionedViews {
  const allVersion = `${spec.name}:version`;
  const ownerVersion = (owner: string) => `${spec.name}:version:${owner}`;
  const versionTtl = Math.max(MIN_VERSION_TTL_SECONDS, 2 * spec.ttlSeconds, spec.versionTtlSeconds ?? 0);
  const afterCommit = async (versionKey: string, tx?: Transaction) => {
    const bump = () => cache.bump(versionKey, versionTtl);
    if (tx) tx.afterCommit(bump);
    else await bump();
  };
  const viewOf = (owner: Owner, view: string, ttlSeconds?: number) => ({
    name: `${spec.name}:${owner ?? '*'}:${view}`,
    versionKeys: owner === ALL_OWNERS ? [allVersion] : [ownerVersion(owner), allVersion],
    ttlSeconds: Math.min(spec.ttlSeconds, ttlSeconds ?? spec.ttlSeconds),
  });
  return {
    read: (owner, view, load, options = {}) => cache.read({ ...viewOf(owner, view, options.ttlSeconds), accept: options.accept }, load),
    readSerialized: (owner, view, load, options = {}) =>
      cache.readSerialized({ ...viewOf(owner, view, options.ttlSeconds), name: `${spec.name}:${owner ?? '*'}:${view}:json`, accept: options.accept }, load),
    invalidate: (owner, tx) => afterCommit(ownerVersion(owner), tx),
    invalidateAll: (tx) => afterCommit(allVersion, tx),
  };
}

/** Views that never cache: every read loads (and serialises what it loaded, as a miss does); invalidations do nothing. For suites and benches that read past the cache. */
export function uncachedViews(): VersionedViews {
  return {
    read: (_owner, _view, load) => load(),
    readSerialized: async (_owner, _view, load) => {
      const { value, tag } = await load();
      return { json: Buffer.from(JSON.stringify(value)), tag };
    },
    invalidate: async () => undefined,
    invalidateAll: async () => undefined,
  };
}

/** Declares a namespace of versioned views: `caches.define({ name, ttlSeconds })`. */
@Service()
export class VersionedCaches {
  private readonly cache: VersionedCache;

  constructor(@Inject(CACHE) cache: Cache, @Inject(REDIS) redis: Redis, @Inject(LOGGER) logger: Logger) {
    this.cache = new VersionedCache(redis, cache, logger);
  }

  define(spec: VersionedViewsSpec): VersionedViews {
    return versionedViews(this.cache, spec);
  }
}

/**
 * A namespace of views declared once, as an injection token, for the many namespaces that need no
 * behaviour of their own: `@Inject(ORDER_HISTORY_VIEWS) views: VersionedViews`. Each app container
 * builds its own on first use, from its VersionedCaches and its config (a TTL is often a setting).
 */
export function versionedViewsToken(name: string, spec: (config: AppConfig) => Omit<VersionedViewsSpec, 'name'>): Token<VersionedViews> {
  const token = new Token<VersionedViews>(`versioned-views:${name}`);
  Container.set({ id: token, factory: (container: ContainerInstance) => container.get(VersionedCaches).define({ name, ...spec(container.get(CONFIG)) }) });
  return token;
}
