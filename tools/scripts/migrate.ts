import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { ensureDatabase, runMigrations } from '@platform/db';
import { loadDotenv } from './load-dotenv';

/** `npm run db:migrate`: creates the database when missing (development), then applies pending migrations. */
async function main() {
  loadDotenv();
  const config = loadConfig();
  if (!config.isProduction && (await ensureDatabase(config.db.url))) process.stdout.write('created the database\n');
  const applied = await runMigrations(config.db);
  process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'schema is up to date\n');
}

main().catch((error) => {
  process.stderr.write(`${error?.message ?? error}\n`);
  process.exit(1);
});
