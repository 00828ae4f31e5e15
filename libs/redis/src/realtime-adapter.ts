import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { closeRedis, createRedisConnection, RedisSettings } from './redis-connection';
import { realtimeKey } from './realtime-emitter';

export interface RealtimeAdapter {
  /** The socket.io `adapter` option. */
  adapter: ReturnType<typeof createAdapter>;
  /** Closes its two Redis connections (after the socket.io server closed). */
  close(): Promise<void>;
}

/**
 * The socket.io Redis adapter of a customer-api instance (socket.io docs, "Redis adapter"): a
 * publishing and a subscribing connection, under the key RealtimeEmitter publishes to, so the
 * emitter's events and other instances' broadcasts reach this instance's sockets.
 *
 * Unlike the platform's command connection these queue while Redis is away (the subscriber's
 * PSUBSCRIBE is sent at construction, and ioredis subscribes again after each reconnect) and
 * never time out a command: a subscriber waits for messages, it does not fall back to anything.
 * Channel names are not keys, so ioredis' keyPrefix would not apply; the prefix is in the key.
 */
export function createRealtimeAdapter(settings: RedisSettings, logger: Logger): RealtimeAdapter {
  const options = { keyPrefix: '', enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined, enableAutoPipelining: false };
  const pub = createRedisConnection(settings, options);
  const sub = createRedisConnection(settings, options);
  for (const [role, client] of [['publisher', pub], ['subscriber', sub]] as const) {
    client.on('error', (error) => logger.debug({ err: error, role }, 'realtime adapter redis connection error'));
  }
  return {
    adapter: createAdapter(pub, sub, { key: realtimeKey(settings.prefix) }),
    close: async () => {
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    },
  };
}
