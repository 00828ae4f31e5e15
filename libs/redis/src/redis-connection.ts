import Redis, { RedisOptions } from 'ioredis';

export interface RedisSettings {
  url: string;
  prefix: string;
}

/** `platform` becomes `platform:`; every key the platform writes lives under it. */
export function keyPrefix(prefix: string): string {
  return prefix.endsWith(':') ? prefix : `${prefix}:`;
}

/**
 * The platform's one way to open a Redis connection. Commands fail fast while Redis is away
 * (no offline queue, one retry) or when it stops answering (a command without a reply in 1 s
 * fails), so callers fall back to the database instead of hanging; the client keeps reconnecting
 * in the background. Commands of concurrent requests share one write (auto-pipelining). Not for
 * blocking commands (bull opens its own connections).
 */
export function createRedisConnection(settings: RedisSettings, overrides: RedisOptions = {}): Redis {
  return new Redis(settings.url, {
    keyPrefix: keyPrefix(settings.prefix),
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    ...overrides,
  });
}

/** Resolves once the client is ready, or after `timeoutMs` (the app then starts not-ready). */
export function waitForRedis(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    client.once('ready', onReady);
  });
}

export async function pingRedis(client: Redis, timeoutMs = 1_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Redis ping timed out')), timeoutMs);
  });
  try {
    await Promise.race([client.ping(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
