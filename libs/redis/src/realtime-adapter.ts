import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import type Redis from 'ioredis';
import { createRedisConnection, RedisSettings } from './redis-connection';
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
    // While Redis is away no delta from another process reaches this instance's sockets: an
    // operator must see it, but a reconnect loop must not flood the log (one warning per role per period).
    let lastWarned = 0;
    client.on('error', (error) => {
      if (Date.now() - lastWarned < ERROR_LOG_INTERVAL_MS) return;
      lastWarned = Date.now();
      logger.warn({ err: error, role }, 'realtime adapter redis connection error: deltas from other processes are not delivered');
    });
    client.on('ready', () => {
      if (lastWarned === 0) return;
      lastWarned = 0;
      logger.info({ role }, 'realtime adapter redis connection ready again');
    });
  }
  return {
    adapter: createAdapter(pub, sub, { key: realtimeKey(settings.prefix) }),
    close: async () => {
      await Promise.all([closeAdapterConnection(pub), closeAdapterConnection(sub)]);
    },
  };
}

/** At most one connection error logged per role in this period. */
export const ERROR_LOG_INTERVAL_MS = 30_000;
/** How long a shutdown waits for QUIT before dropping the connection. */
const QUIT_TIMEOUT_MS = 1_000;

/**
 * QUIT when connected, else (or when QUIT gets no answer in QUIT_TIMEOUT_MS) drop the connection:
 * with the offline queue on, a QUIT sent while Redis is away would wait for it forever and hang
 * the shutdown.
 */
async function closeAdapterConnection(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') return void client.disconnect();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUIT_TIMEOUT_MS)));
  try {
    await Promise.race([client.quit().then(() => undefined), timeout]);
  } catch {
    // Dropped below.
  } finally {
    clearTimeout(timer);
    if ((client.status as string) !== 'end') client.disconnect();
  }
}
