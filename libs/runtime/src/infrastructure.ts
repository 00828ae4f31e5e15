import type { AppConfig } from '@platform/config';
import { ALL_MODELS, Database } from '@platform/db';
import { createLogger, Logger } from '@platform/observability';
import { QueueRegistry } from '@platform/queue';
import { Cache, closeRedis, createRedisConnection, RateLimiters, RealtimeEmitter, Redis, waitForRedis } from '@platform/redis';
import { createStorage, Storage } from '@platform/storage';

/** The connections an app process holds. Built once per process and closed on shutdown. */
export interface Infrastructure {
  config: AppConfig;
  logger: Logger;
  db: Database;
  redis: Redis;
  cache: Cache;
  rateLimiters: RateLimiters;
  queues: QueueRegistry;
  /** Object storage (STORAGE_DRIVER); one client per process. */
  storage: Storage;
  /** socket.io events to rooms, through Redis (CONTRACT section 9). */
  realtime: RealtimeEmitter;
}

export interface InfrastructureOverrides {
  logger?: Logger;
  /** Share one pool between several apps in one process (tests): sequelize binds each model to one connection. */
  db?: Database;
  redis?: Redis;
  queues?: QueueRegistry;
  storage?: Storage;
}

export async function createInfrastructure(
  name: string,
  config: AppConfig,
  overrides: InfrastructureOverrides = {},
): Promise<Infrastructure> {
  const logger = overrides.logger ?? createLogger({ name, level: config.log.level, pretty: config.log.pretty });
  const db = overrides.db ?? new Database(config.db, ALL_MODELS, logger);
  const redis = overrides.redis ?? createRedisConnection(config.redis);
  redis.on('error', (error) => logger.debug({ err: error }, 'redis connection error'));
  if (!(await waitForRedis(redis, 3_000))) logger.warn('Redis is not reachable yet; starting not-ready');
  return {
    config,
    logger,
    db,
    redis,
    cache: new Cache(redis, logger, config.redis.cacheTtlSeconds),
    rateLimiters: new RateLimiters(redis),
    queues: overrides.queues ?? new QueueRegistry({ redisUrl: config.redis.url, prefix: config.redis.prefix, logger }),
    storage: overrides.storage ?? createStorage(config.storage),
    realtime: new RealtimeEmitter(redis, config.redis.prefix, logger),
  };
}

/**
 * Closes in dependency order: the queues (workers finish their active jobs, schedules and the
 * outbox sweep stop; at most `queuesWaitMs`), then Redis, then the pool. A step that fails is
 * logged and the rest still close.
 */
export async function closeInfrastructure(infra: Infrastructure, options: { queuesWaitMs?: number } = {}): Promise<void> {
  const step = async (what: string, close: () => unknown) => {
    try {
      await close();
    } catch (error) {
      infra.logger.warn({ err: error }, `closing ${what} failed`);
    }
  };
  await step('the queues', () => infra.queues.close(options.queuesWaitMs));
  await step('the storage client', () => infra.storage.close());
  await step('Redis', () => closeRedis(infra.redis));
  await step('the database pool', () => infra.db.close());
}
