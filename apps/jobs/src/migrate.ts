import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { Database, migrateUp } from '@platform/db';

/** One-shot entry of the jobs image (`node migrate.js`): applies pending migrations, then exits. */
async function main() {
  const config = loadConfig();
  const db = new Database(config.db, []);
  try {
    const applied = await migrateUp(db.sequelize);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'schema is up to date\n');
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  process.stderr.write(`migration failed: ${error?.message ?? error}\n`);
  process.exit(1);
});
