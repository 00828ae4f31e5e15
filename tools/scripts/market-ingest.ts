import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { SingleBar } from 'cli-progress';
import { Container } from 'typedi';
import { ConfigError, loadConfig } from '@platform/config';
import { Database, ensureDatabase, migrateUp } from '@platform/db';
import { CONFIG, IngestionProgress, IngestionSummary, IngestMarketDataUseCase, isIngestionError, LOGGER, REDIS } from '@platform/domain';
import { createLogger } from '@platform/observability';
import { closeRedis, createRedisConnection, waitForRedis } from '@platform/redis';
import { loadDotenv } from './load-dotenv';

const USAGE = 'usage: npm run market:ingest -- <directory>   (the file format: README, "Market data: ingestion and demo data")';

/**
 * `npm run market:ingest -- <dir>` (issue 9): migrates, then loads a directory of market files in
 * one transaction, with a progress bar on a terminal (stderr), and prints the rows inserted,
 * updated and unchanged per file, then clears the cached stock-analysis answers. Bad input: exit 1 with the message naming file, line and field
 * (no stack trace), and nothing written. Usage error: exit 2.
 */
async function main(argv: string[]): Promise<number> {
  const directory = argv.find((arg) => !arg.startsWith('-'));
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!directory) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  loadDotenv();
  const config = loadConfig();
  if (!config.isProduction) await ensureDatabase(config.db.url);
  const logger = createLogger({ name: 'market-ingest', level: 'warn' });
  const db = new Database({ ...config.db, pool: { ...config.db.pool, max: 2, min: 0 } }, [], logger);
  // Only to clear the cached stock-analysis answers after the load; unreachable, they expire on their own.
  const redis = createRedisConnection(config.redis);
  redis.on('error', () => undefined); // unreachable is reported once, by the summary line, not as stack traces
  const redisReady = waitForRedis(redis, 2_000);
  const progress = new ProgressBar();
  try {
    await migrateUp(db.sequelize);
    const container = Container.of(`market-ingest:${randomUUID()}`);
    container.set(Database, db);
    container.set(REDIS, redis);
    container.set(LOGGER, logger);
    container.set(CONFIG, config);
    await redisReady;
    const summary = await container.get(IngestMarketDataUseCase).execute(resolve(directory), { onProgress: (event) => progress.show(event) });
    progress.stop();
    process.stdout.write(formatSummary(resolve(directory), summary));
    return 0;
  } finally {
    progress.stop();
    await Promise.all([db.close(), closeRedis(redis)]);
  }
}

/** One bar per phase (validating, writing, snapshots); cli-progress draws nothing when stderr is not a terminal. */
class ProgressBar {
  private bar?: SingleBar;
  private phase?: string;

  show({ phase, file, done, total }: IngestionProgress): void {
    if (phase !== this.phase) {
      this.stop();
      this.phase = phase;
      this.bar = new SingleBar({ format: '{phase} |{bar}| {value}/{total} {file}', hideCursor: true, clearOnComplete: false });
      this.bar.start(total, done, { phase: phase.padEnd(10), file });
      return;
    }
    this.bar?.update(done, { file });
  }

  stop(): void {
    this.bar?.stop();
    this.bar = undefined;
  }
}

function formatSummary(directory: string, summary: IngestionSummary): string {
  const rows = [
    ['file', 'rows', 'inserted', 'updated', 'unchanged'],
    ...summary.files.map((file) => [file.file, file.rows, file.inserted, file.updated, file.unchanged]),
    ['(company snapshots)', summary.snapshots.companies, summary.snapshots.inserted, summary.snapshots.updated, summary.snapshots.unchanged],
  ].map((cells) => cells.map(String));
  const widths = rows[0].map((_, column) => Math.max(...rows.map((cells) => cells[column].length)));
  const lines = rows.map((cells) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));
  const cache =
    summary.cachedAnswersCleared === null
      ? 'cached stock-analysis answers: Redis unreachable, they expire on their own'
      : `cached stock-analysis answers cleared: ${summary.cachedAnswersCleared}`;
  return `loaded ${directory}\n${lines.join('\n')}\n${cache}\n`;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Bad input and bad settings are the user's to fix: their message says what and where.
    const expected = isIngestionError(error) || error instanceof ConfigError;
    process.stderr.write(`market:ingest failed: ${expected ? (error as Error).message : ((error as Error)?.stack ?? String(error))}\n`);
    process.exit(1);
  },
);
