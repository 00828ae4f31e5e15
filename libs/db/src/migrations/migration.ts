import type { MigrationContext } from '../migrator';

/** A schema change written as SQL: the migration files are the schema (never `sync()`). */
export interface Migration {
  name: string;
  up(context: MigrationContext): Promise<void>;
  down(context: MigrationContext): Promise<void>;
}

export function sqlMigration(name: string, up: string, down: string): Migration {
  return {
    name,
    up: async ({ sequelize }) => void (await sequelize.query(up)),
    down: async ({ sequelize }) => void (await sequelize.query(down)),
  };
}
