import type Redis from 'ioredis';
import type { Logger } from 'pino';

/**
 * Read-through JSON cache. Every Redis failure is logged and treated as a miss, so a request is
 * answered from the database when Redis is down (a rule the spec states for every cache).
 */
export class Cache {
  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    private readonly defaultTtlSeconds: number,
  ) {}

  async getOrLoad<T>(key: string, load: () => Promise<T>, ttlSeconds = this.defaultTtlSeconds): Promise<T> {
    const cached = await this.get<T>(key);
    if (cached !== undefined) return cached;
    const value = await load();
    await this.set(key, value, ttlSeconds);
    return value;
  }

  async get<T>(key: string): Promise<T | undefined> {
    try {
      const raw = await this.redis.get(this.key(key));
      return raw === null ? undefined : (JSON.parse(raw) as T);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'cache read failed; falling back to the source');
      return undefined;
    }
  }

  async set(key: string, value: unknown, ttlSeconds = this.defaultTtlSeconds): Promise<void> {
    if (value === undefined) return;
    try {
      await this.redis.set(this.key(key), JSON.stringify(value), 'EX', ttlSeconds);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'cache write failed');
    }
  }

  async invalidate(...keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    try {
      await this.redis.del(...keys.map((key) => this.key(key)));
    } catch (error) {
      this.logger.warn({ err: error, keys }, 'cache invalidation failed');
    }
  }

  /** Stores `value` as it is (finished JSON, or anything a reader parses itself). */
  async setRaw(key: string, value: string | Buffer, ttlSeconds = this.defaultTtlSeconds): Promise<void> {
    try {
      await this.redis.set(this.key(key), value, 'EX', ttlSeconds);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'cache write failed');
    }
  }

  /** The name Redis holds `key` under, with the connection's prefix: for scripts that build key names themselves. */
  storedKey(key: string): string {
    return `${this.redis.options.keyPrefix ?? ''}${this.key(key)}`;
  }

  private key(key: string): string {
    return `cache:${key}`;
  }
}
