import { QueryTypes } from 'sequelize';
import type { Database, Transaction } from '@platform/db';
import type { ValidMarketFile } from './file-validator';
import { IngestionError } from './ingestion.errors';
import type { ReferenceKind } from './market-file';

/** Where each kind of reference is looked up: the file that loads it, and its table and key. */
const TARGETS: Record<ReferenceKind, { file: string; field: string; what: string; sql: string }> = {
  sector: { file: 'sectors', field: 'code', what: 'sector with code', sql: 'SELECT code AS key FROM market_sectors WHERE code = ANY($1::text[])' },
  company: { file: 'companies', field: 'symbol', what: 'company with symbol', sql: 'SELECT symbol AS key FROM market_companies WHERE symbol = ANY($1::text[])' },
  broker: { file: 'brokers', field: 'number', what: 'broker number', sql: 'SELECT number AS key FROM market_brokers WHERE number = ANY($1::smallint[])' },
};

/**
 * Every sector code, symbol and broker number a file refers to must be loaded by this load or be
 * in the database already; the first that is neither is an error naming its file, line and field.
 */
export async function checkReferences(files: ValidMarketFile[], db: Database, transaction: Transaction): Promise<void> {
  const known = new Map<ReferenceKind, Set<unknown>>();
  const wanted = new Map<ReferenceKind, Set<unknown>>();
  for (const kind of Object.keys(TARGETS) as ReferenceKind[]) {
    const loader = files.find((file) => file.definition.name === TARGETS[kind].file);
    known.set(kind, new Set(loader?.rows.map(({ row }) => row[TARGETS[kind].field])));
    wanted.set(kind, new Set());
  }
  for (const { kind, value } of references(files)) if (!known.get(kind)?.has(value)) wanted.get(kind)?.add(value);

  for (const [kind, values] of wanted) {
    if (!values.size) continue;
    const found = await db.sequelize.query<{ key: unknown }>(TARGETS[kind].sql, { bind: [[...values]], type: QueryTypes.SELECT, transaction });
    for (const { key } of found) known.get(kind)?.add(key);
  }

  for (const { kind, value, file, line, field, unit } of references(files)) {
    if (!known.get(kind)?.has(value)) {
      throw new IngestionError({ file, line, field, unit }, `no ${TARGETS[kind].what} ${JSON.stringify(value)} in this load (${TARGETS[kind].file}) or in the database`);
    }
  }
}

function* references(files: ValidMarketFile[]) {
  for (const { definition, file, format, rows } of files) {
    const fields = Object.entries(definition.references ?? {}) as [string, ReferenceKind][];
    if (!fields.length) continue;
    for (const { line, row } of rows) {
      for (const [field, kind] of fields) {
        const value = row[field];
        if (value !== null && value !== undefined) yield { kind, value, file, line, field, unit: format === 'json' ? ('item' as const) : ('line' as const) };
      }
    }
  }
}
