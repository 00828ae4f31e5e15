import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContainerInstance } from 'typedi';
import { IngestMarketDataUseCase } from '@platform/domain';

/** Rows of each market file by kind (sectors, companies, daily_prices, ...), cells as in a JSON file. */
export type MarketFiles = Record<string, Array<Record<string, string | number | boolean | null>>>;

/** A symbol prefix of 1 letter + 6 hex digits, keeping a test's companies apart from others' (shared database). */
export function marketPrefix(): string {
  return `T${randomBytes(3).toString('hex').toUpperCase()}`;
}

/**
 * Loads `files` through the real ingestion (README "Market data"), as JSON files in a temporary
 * directory, so tests see exactly what `npm run market:ingest` would store, snapshots included.
 */
export async function loadMarketFiles(container: ContainerInstance, files: MarketFiles): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), 'market-test-'));
  try {
    for (const [name, rows] of Object.entries(files)) await writeFile(join(directory, `${name}.json`), JSON.stringify(rows));
    await container.get(IngestMarketDataUseCase).execute(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
