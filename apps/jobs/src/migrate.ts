import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { runMigrations } from '@platform/db';

/** One-shot entry of the jobs image (`node migrate.js`): applies pending migrations, then exits. */
runMigrations(loadConfig().db)
  .then((applied) => process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'schema is up to date\n'))
  .catch((error) => {
    process.stderr.write(`migration failed: ${error?.message ?? error}\n`);
    process.exit(1);
  });
