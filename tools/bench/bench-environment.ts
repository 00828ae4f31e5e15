import Redis from 'ioredis';
import type { AppConfig } from '@platform/config';
import { loadConfig } from '@platform/config';
import { ALL_MODELS, Database, dropDatabase, ensureDatabase, migrateUp } from '@platform/db';
import { closeInfrastructure, createInfrastructure, Infrastructure } from '@platform/runtime';
import type { Cleanup } from './cleanup';

/** What the apps under test share: one config, one pool, one Redis connection. */
export interface BenchEnvironment {
  config: AppConfig;
  infra: Infrastructure;
  databaseName: string;
  redisPrefix: string;
}

/**
 * A scratch database (`platform_bench_<timestamp>`, created, migrated, dropped by `cleanup`) and
 * a Redis prefix of its own, so a bench run never touches development data. Logging is off.
 * One Infrastructure for every app: sequelize binds each model class to one Database.
 */
export async function createBenchEnvironment(cleanup: Cleanup, env: NodeJS.ProcessEnv = process.env): Promise<BenchEnvironment> {
  const stamp = Date.now();
  const databaseName = `platform_bench_${stamp}`;
  const redisPrefix = `bench:${stamp}`;
  const config = loadConfig({
    ...env,
    DATABASE_URL: withDatabaseName(loadConfig(env).db.url, databaseName),
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'silent',
    LOG_PRETTY: 'false',
    // The buy-now scenario's returnUrl (never visited): the development default allows only the local apps.
    RETURN_URL_ALLOWED_ORIGINS: 'http://localhost:5173',
    // The periodic re-decision of every socket's rooms would land at a random point of a measurement (channels/socket-fan-out).
    REALTIME_ACCESS_RECHECK_SECONDS: '86400',
  });

  await ensureDatabase(config.db.url);
  cleanup.add(`drop database ${databaseName}`, () => dropDatabase(config.db.url));

  const db = new Database(config.db, ALL_MODELS);
  let dbClosed = false;
  cleanup.add('close the database pool', () => (dbClosed ? undefined : db.close()));
  await migrateUp(db.sequelize);

  cleanup.add(`delete Redis keys under ${redisPrefix}:`, () => deleteRedisKeys(config.redis.url, `${redisPrefix}:`));
  const infra = await createInfrastructure('bench', config, { db });
  cleanup.add('close queues, Redis and the pool', async () => {
    dbClosed = true;
    await closeInfrastructure(infra);
  });
  return { config, infra, databaseName, redisPrefix };
}

function withDatabaseName(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Removes whatever the run left under its prefix (cache entries, rate-limit counters, bull keys). */
async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  // A connection without keyPrefix: SCAN patterns are not prefixed by ioredis, but DEL keys would be.
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  try {
    await redis.connect();
    const escaped = prefix.replace(/[*?[\]\\]/g, '\\$&');
    for await (const keys of redis.scanStream({ match: `${escaped}*`, count: 500 })) {
      if ((keys as string[]).length > 0) await redis.unlink(...(keys as string[]));
    }
  } finally {
    redis.disconnect();
  }
}
