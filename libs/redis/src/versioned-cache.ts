import type Redis from 'ioredis';
import type { Logger } from 'pino';
import type { Cache } from './cache';
import { fromStoredForm, SerializedView, storedForm } from './serialized-view';

/** Waits before each retry of a failed bump: about three minutes in all, shorter than any view TTL worth caching. */
export const BUMP_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 150_000];

export interface VersionedView<T> {
  name: string;
  versionKeys: string[];
  ttlSeconds: number;
  accept?: (cached: T) => boolean;
}

/** What a read puts in a view's key for a version key that does not exist: no bump ever answers it. */
export const MISSING_VERSION = '0';

/**
 * A serialized view in one round trip: the numbers of the version keys (KEYS), then the view stored
 * under ARGV[1] followed by those numbers. The view's key is built here, so it is not among KEYS: fine
 * on the single Redis the platform uses, not on a cluster.
 */
const READ_SERIALIZED = `
  local versions = redis.call('MGET', unpack(KEYS))
  local parts = {}
  for i = 1, #KEYS do parts[i] = versions[i] or '${MISSING_VERSION}' end
  local suffix = table.concat(parts, '.')
  return { suffix, redis.call('GET', ARGV[1] .. suffix) }`;

const BUMP_COMMAND = 'bumpCacheVersion';
type WithBump = { bumpCacheVersion(versionKey: string, ttlSeconds: number): Promise<number> };

type ReadSerializedReply = [Buffer, Buffer | null];
const READ_SERIALIZED_COMMAND = 'readSerializedView';
type WithReadSerialized = { readSerializedViewBuffer(numberOfKeys: number, ...args: string[]): Promise<ReadSerializedReply> };

/** What a serialized view loads: the view, and the tag stored with it. */
export interface LoadedView<T> {
  value: T;
  tag: string;
}

/**
 * INCR the version key (KEYS[1]) and keep it ARGV[1] seconds. A missing key (never bumped, expired
 * or evicted) first starts from Redis's own time in microseconds (one clock, whichever app bumps):
 * INCR from nothing would restart at 1 and could land on a number of an earlier epoch, whose views
 * may still be cached.
 */
const BUMP = `
  if redis.call('EXISTS', KEYS[1]) == 0 then
    local now = redis.call('TIME')
    redis.call('SET', KEYS[1], now[1] .. string.format('%06d', tonumber(now[2])))
  end
  local version = redis.call('INCR', KEYS[1])
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  return version`;

/**
 * Views cached under version numbers. A view's key carries the current numbers of its version
 * keys (read in one MGET); a change bumps a number (INCR: concurrent bumps never reuse one), and
 * later reads look under the new key. A version that disappears (it expired, or Redis evicted it)
 * starts again from the current time in microseconds, beyond every number its earlier epoch
 * reached (that would take more than one bump per microsecond), so no old view is served again.
 * Views are never deleted: a read that loaded the database before a change committed writes its
 * old view under the old number, where no later read looks — so callers bump after their
 * transaction commits. Redis failures are misses (the loader answers,
 * nothing is cached). A failed bump would leave the old views readable for their TTL once Redis
 * answers again, so it is retried in the background (BUMP_RETRY_DELAYS_MS); only when every retry
 * fails do the old views live out their TTL.
 */
export class VersionedCache {
  constructor(
    private readonly redis: Redis,
    private readonly cache: Cache,
    private readonly logger: Logger,
    private readonly retryDelaysMs: readonly number[] = BUMP_RETRY_DELAYS_MS,
  ) {
    // EVALSHA with the script's text as fallback; the caller passes the number of keys first.
    if (!(READ_SERIALIZED_COMMAND in redis)) redis.defineCommand(READ_SERIALIZED_COMMAND, { lua: READ_SERIALIZED });
    if (!(BUMP_COMMAND in redis)) redis.defineCommand(BUMP_COMMAND, { lua: BUMP, numberOfKeys: 1 });
  }

  /** `accept` can refuse a cached view that has gone stale by itself (e.g. it expired); it is then loaded again. */
  async read<T>(view: VersionedView<T>, load: () => Promise<T>): Promise<T> {
    let versions: (string | null)[];
    try {
      versions = await this.redis.mget(...view.versionKeys);
    } catch (error) {
      this.logger.warn({ err: error, view: view.name }, 'cache version read failed; reading the source');
      return load();
    }
    const key = `${view.name}@${versions.map((version) => version ?? MISSING_VERSION).join('.')}`;
    const cached = await this.cache.get<T>(key);
    if (cached !== undefined && (view.accept?.(cached) ?? true)) return cached;
    const value = await load();
    await this.cache.set(key, value, view.ttlSeconds);
    return value;
  }

  /**
   * `read` for a view sent as it was stored: one round trip on a hit, and the JSON is never parsed.
   * `accept` sees the stored tag (e.g. when the view stops being valid); a refused view is loaded again.
   */
  async readSerialized<T>(
    view: Omit<VersionedView<T>, 'accept'> & { accept?: (tag: string) => boolean },
    load: () => Promise<LoadedView<T>>,
  ): Promise<SerializedView> {
    let suffix: string | undefined;
    try {
      const [versions, stored] = await (this.redis as unknown as WithReadSerialized).readSerializedViewBuffer(
        view.versionKeys.length,
        ...view.versionKeys,
        this.cache.storedKey(`${view.name}@`),
      );
      suffix = versions.toString();
      const cached = stored ? fromStoredForm(stored) : undefined;
      if (cached && (view.accept?.(cached.tag) ?? true)) return cached;
    } catch (error) {
      this.logger.warn({ err: error, view: view.name }, 'cache read failed; reading the source');
    }
    const { value, tag } = await load();
    const loaded = { json: Buffer.from(JSON.stringify(value) ?? 'null'), tag };
    // A tag that cannot be stored (a newline) only costs the cache, never the answer.
    const stored = suffix === undefined || tag.includes('\n') ? undefined : storedForm(loaded);
    if (stored) await this.cache.setRaw(`${view.name}@${suffix}`, stored, view.ttlSeconds);
    return loaded;
  }

  /** Moves `versionKey` on; it lives `versionTtlSeconds`, which must be far longer than any view cached under it. */
  async bump(versionKey: string, versionTtlSeconds: number): Promise<void> {
    if (!(await this.tryBump(versionKey, versionTtlSeconds))) this.retryBump(versionKey, versionTtlSeconds, 0);
  }

  private retryBump(versionKey: string, versionTtlSeconds: number, attempt: number): void {
    const delay = this.retryDelaysMs[attempt];
    if (delay === undefined) {
      this.logger.error({ versionKey, attempts: attempt + 1 }, 'cache invalidation abandoned; stale views live out their TTL');
      return;
    }
    const timer = setTimeout(async () => {
      if (!(await this.tryBump(versionKey, versionTtlSeconds))) this.retryBump(versionKey, versionTtlSeconds, attempt + 1);
    }, delay);
    timer.unref();
  }

  private async tryBump(versionKey: string, versionTtlSeconds: number): Promise<boolean> {
    try {
      await (this.redis as unknown as WithBump).bumpCacheVersion(versionKey, versionTtlSeconds);
      return true;
    } catch (error) {
      this.logger.warn({ err: error, versionKey }, 'cache invalidation failed; retrying');
      return false;
    }
  }
}
