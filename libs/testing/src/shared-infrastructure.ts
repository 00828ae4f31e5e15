import { loadConfig } from '@platform/config';
import { ALL_MODELS, Database } from '@platform/db';
import { createLogger } from '@platform/observability';
import { createInfrastructure, Infrastructure, InfrastructureOverrides } from '@platform/runtime';
import { closeRedis } from '@platform/redis';
import { testEnv } from './test-environment';

let shared: Promise<Infrastructure> | undefined;

/**
 * One pool and one Redis connection for the whole run: sequelize binds every model class to a
 * single connection, so all app instances in the test process share it.
 */
export function sharedInfrastructure(): Promise<Infrastructure> {
  shared ??= (async () => {
    const config = loadConfig(testEnv());
    const logger = createLogger({ name: 'test', level: config.log.level });
    return createInfrastructure('test', config, { logger, db: new Database(config.db, ALL_MODELS, logger) });
  })();
  return shared;
}

/**
 * Infrastructure for an app under test with its own settings (e.g. a Redis behind a proxy),
 * still on the shared pool. Close it with `closeTestInfrastructure`.
 */
export async function isolatedInfrastructure(
  name: string,
  envOverrides: Record<string, string>,
  overrides: InfrastructureOverrides = {},
): Promise<Infrastructure> {
  const base = await sharedInfrastructure();
  const config = loadConfig(testEnv(envOverrides));
  return createInfrastructure(name, config, { logger: base.logger, db: base.db, queues: base.queues, ...overrides });
}

/** Closes what an isolated infrastructure owns (its Redis and storage client), leaving the shared pool open. */
export async function closeTestInfrastructure(infra: Infrastructure): Promise<void> {
  infra.storage.close();
  await closeRedis(infra.redis);
}

export async function closeSharedInfrastructure(): Promise<void> {
  if (!shared) return;
  const infra = await shared;
  shared = undefined;
  await infra.queues.close();
  infra.storage.close();
  await closeRedis(infra.redis);
  await infra.db.close();
}
