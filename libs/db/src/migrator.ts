import { Umzug, SequelizeStorage } from 'umzug';
import type { Sequelize } from 'sequelize-typescript';
import type { QueryInterface } from 'sequelize';
import { MIGRATIONS } from './migrations';
import { Database, DatabaseSettings } from './database';

export interface MigrationContext {
  queryInterface: QueryInterface;
  sequelize: Sequelize;
}

/** Arbitrary constant: serialises concurrent migration runs (several apps starting at once). */
const MIGRATION_LOCK_KEY = 7_281_001;

function createUmzug(sequelize: Sequelize) {
  return new Umzug<MigrationContext>({
    migrations: MIGRATIONS.map((migration) => ({
      name: migration.name,
      up: ({ context }) => migration.up(context),
      down: ({ context }) => migration.down(context),
    })),
    context: { queryInterface: sequelize.getQueryInterface(), sequelize },
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: undefined,
  });
}

/** Applies pending migrations under an advisory lock; returns the names applied. Idempotent. */
export async function migrateUp(sequelize: Sequelize): Promise<string[]> {
  await sequelize.query('SELECT pg_advisory_lock(:key)', { replacements: { key: MIGRATION_LOCK_KEY } });
  try {
    const applied = await createUmzug(sequelize).up();
    return applied.map((migration) => migration.name);
  } finally {
    await sequelize.query('SELECT pg_advisory_unlock(:key)', { replacements: { key: MIGRATION_LOCK_KEY } });
  }
}

export async function migrateDown(sequelize: Sequelize, options: { to?: string | 0 } = {}): Promise<string[]> {
  const reverted = await createUmzug(sequelize).down(options.to === undefined ? {} : { to: options.to });
  return reverted.map((migration) => migration.name);
}

/** Opens a short-lived connection, applies pending migrations, closes it (CLI and one-shot entries). */
export async function runMigrations(settings: DatabaseSettings): Promise<string[]> {
  const db = new Database({ ...settings, pool: { ...settings.pool, max: 1, min: 0 } }, []);
  try {
    return await migrateUp(db.sequelize);
  } finally {
    await db.close();
  }
}
