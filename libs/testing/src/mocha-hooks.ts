import 'reflect-metadata';
import Redis from 'ioredis';
import { dropDatabase, ensureDatabase, runMigrations } from '@platform/db';
import { closeSharedInfrastructure } from './shared-infrastructure';
import { TEST_ENV } from './test-environment';

/**
 * Mocha root hooks (loaded by .mocharc.js): create and migrate the run's scratch database
 * before any test, drop it and the run's Redis keys after the last one.
 */
export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(60_000);
    await ensureDatabase(TEST_ENV['DATABASE_URL']);
    await runMigrations({ url: TEST_ENV['DATABASE_URL'], pool: { max: 1, min: 0, idleMs: 1_000, acquireMs: 10_000 }, statementTimeoutMs: 0 });
  },

  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await closeSharedInfrastructure();
    if (!process.env['TEST_KEEP_DATABASE']) await dropDatabase(TEST_ENV['DATABASE_URL']);
    await deleteRedisKeys(`${TEST_ENV['REDIS_PREFIX']}:*`);
  },
};

async function deleteRedisKeys(pattern: string): Promise<void> {
  const redis = new Redis(TEST_ENV['REDIS_URL'], { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
