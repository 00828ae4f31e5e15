export { Database, isUniqueViolation, isForeignKeyViolation, isConcurrencyFailure, preparedStatement } from './database';
export type { DatabaseSettings, TransactionOptions, PreparedStatement } from './database';
export { ensureDatabase, dropDatabase } from './ensure-database';
export { migrateUp, migrateDown, runMigrations } from './migrator';
export * from './models';
export type { Transaction } from 'sequelize';
export { Op } from 'sequelize';
export type { WhereOptions } from 'sequelize';
