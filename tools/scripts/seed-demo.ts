import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { ensureDatabase, migrateUp } from '@platform/db';
import { closeInfrastructure, createAppContainer, createInfrastructure } from '@platform/runtime';
import { createLogger } from '@platform/observability';
import { seedDemo } from '../seed/seed-demo';
import { loadDotenv } from './load-dotenv';

/**
 * `npm run seed:demo [-- --json]`: migrates, loads the demo data, prints the manifest
 * (CONTRACT section 7). With --json stdout carries only the JSON object.
 */
async function main() {
  loadDotenv();
  const json = process.argv.includes('--json');
  const config = loadConfig();
  await ensureDatabase(config.db.url);
  const infra = await createInfrastructure('seed', config, { logger: createLogger({ name: 'seed', level: 'warn' }) });
  try {
    await migrateUp(infra.db.sequelize);
    const manifest = await seedDemo(createAppContainer('seed', infra));
    process.stdout.write(json ? `${JSON.stringify(manifest)}\n` : `${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    await closeInfrastructure(infra);
  }
}

main().catch((error) => {
  process.stderr.write(`seed:demo failed: ${error?.stack ?? error}\n`);
  process.exit(1);
});
