import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { Database, ensureDatabase, migrateUp } from '@platform/db';
import { loadDotenv } from './load-dotenv';

/** `npm run db:migrate`: creates the database when missing (development), then applies pending migrations. */
async function main() {
  loadDotenv();
  const config = loadConfig();
  if (!config.isProduction && (await ensureDatabase(config.db.url))) process.stdout.write('created the database\n');
  const db = new Database(config.db, []);
  try {
    const applied = await migrateUp(db.sequelize);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'schema is up to date\n');
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error?.message ?? error}\n`);
  process.exit(1);
});
