import { Service } from 'typedi';
import { Database } from '@platform/db';
import { Clock } from '../../shared';
import { upsertFile, UpsertCounts } from './batch-upsert';
import { validateMarketFile, ValidMarketFile } from './file-validator';
import { readMarketDirectory } from './market-directory';
import { checkReferences } from './reference-check';
import { refreshSnapshots } from './snapshot-refresh';
import { AnalysisCache } from '../analysis/analysis-cache';
import { nepalToday } from '../analysis/nepal-time';

export interface IngestionFileSummary extends UpsertCounts {
  /** The file's name, e.g. `daily_prices.csv`. */
  file: string;
  rows: number;
}

export interface IngestionSummary {
  files: IngestionFileSummary[];
  /** The core snapshot rows of the companies the load touched. */
  snapshots: UpsertCounts & { companies: number };
  /** Cached stock-analysis answers dropped after the commit; null when Redis could not be reached (they expire on their own). */
  cachedAnswersCleared: number | null;
}

export type IngestionPhase = 'validating' | 'writing' | 'snapshots';

/** Progress of a load: `done` of `total` (records, rows or companies) in the current phase. */
export interface IngestionProgress {
  phase: IngestionPhase;
  /** The file being worked on (the snapshot phase names the table). */
  file: string;
  done: number;
  total: number;
}

export interface IngestionOptions {
  onProgress?: (progress: IngestionProgress) => void;
}

/** Serialises concurrent loads (arbitrary constant), so two of them never deadlock on each other's rows. */
const INGESTION_LOCK_KEY = 7_281_009;

/**
 * `npm run market:ingest -- <dir>` (issue 9): loads a directory of market files (format in
 * market-files.ts). Every file is validated first; then everything is written in ONE transaction,
 * in dependency order, by upserts on the natural keys, and the snapshots of every company touched
 * are refreshed in it; the cached stock-analysis answers are dropped after it commits. Bad input throws an IngestionError naming file, line and field, and leaves
 * nothing behind; loading the same files again changes nothing.
 */
@Service()
export class IngestMarketDataUseCase {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly analysisCache: AnalysisCache,
  ) {}

  async execute(directory: string, options: IngestionOptions = {}): Promise<IngestionSummary> {
    const report = options.onProgress ?? (() => undefined);
    const raw = await readMarketDirectory(directory);
    const records = raw.reduce((sum, file) => sum + file.records.length, 0);
    let validated = 0;
    const files = raw.map((file) => {
      report({ phase: 'validating', file: file.file, done: validated, total: records });
      const valid = validateMarketFile(file);
      validated += file.records.length;
      return valid;
    });
    report({ phase: 'validating', file: '', done: validated, total: records });

    const summary = await this.db.transaction(async (transaction) => {
      await this.db.sequelize.query('SELECT pg_advisory_xact_lock(:key)', { replacements: { key: INGESTION_LOCK_KEY }, transaction });
      await checkReferences(files, this.db, transaction);

      const summary: Omit<IngestionSummary, 'cachedAnswersCleared'> = { files: [], snapshots: { companies: 0, inserted: 0, updated: 0, unchanged: 0 } };
      const rows = files.reduce((sum, file) => sum + file.rows.length, 0);
      let written = 0;
      for (const file of files) {
        report({ phase: 'writing', file: file.file, done: written, total: rows });
        const counts = await upsertFile(this.db, transaction, file, (done) => report({ phase: 'writing', file: file.file, done: written + done, total: rows }));
        written += file.rows.length;
        summary.files.push({ file: file.file, rows: file.rows.length, ...counts });
      }

      const symbols = touchedSymbols(files);
      report({ phase: 'snapshots', file: 'market_company_snapshots', done: 0, total: symbols.length });
      const today = nepalToday(this.clock);
      const snapshots = await refreshSnapshots(this.db, transaction, symbols, today, (done) =>
        report({ phase: 'snapshots', file: 'market_company_snapshots', done, total: symbols.length }),
      );
      summary.snapshots = { companies: symbols.length, ...snapshots };
      return summary;
    });
    // After the commit: an answer cached now can only hold the new data.
    return { ...summary, cachedAnswersCleared: await this.analysisCache.clear() };
  }
}

/** Companies loaded, and companies any other file of the load refers to by symbol. */
function touchedSymbols(files: ValidMarketFile[]): string[] {
  const symbols = new Set<string>();
  for (const { definition, rows } of files) {
    if (!('symbol' in definition.columns)) continue;
    for (const { row } of rows) symbols.add(row['symbol'] as string);
  }
  return [...symbols].sort();
}
