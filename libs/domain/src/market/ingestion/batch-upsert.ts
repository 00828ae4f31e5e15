import { QueryTypes } from 'sequelize';
import { v7 as uuidv7 } from 'uuid';
import type { Database, Transaction } from '@platform/db';
import type { ValidMarketFile } from './file-validator';
import { IngestionError } from './ingestion.errors';
import type { TableSpec } from './market-file';

export const BATCH_SIZE = 1_000;

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

interface Input {
  /** Name in the unnest alias (`v.<name>`): the row field it comes from. */
  name: string;
  type: string;
  value: (row: Record<string, unknown>) => unknown;
}

interface Upsert {
  sql: string;
  inputs: Input[];
}

const quote = (identifier: string) => `"${identifier}"`;

/**
 * One multi-row upsert per batch: the batch travels as one array per column (`unnest`), so a
 * statement of 1,000 rows has a dozen parameters and one plan. ON CONFLICT on the natural key
 * updates only WHERE the row differs, so loading the same file again writes nothing (not even
 * updated_at), and a corrected value replaces the old one. New rows get a UUIDv7 id; an existing
 * row keeps its id (the generated one is discarded with the insert).
 */
export function buildUpsert(spec: TableSpec): Upsert {
  const inputs: Input[] = [];
  const targets: { column: string; expression: string }[] = [];
  const add = (column: string, input: Input, expression = `v.${quote(input.name)}`) => {
    inputs.push(input);
    targets.push({ column, expression });
  };
  if (spec.newId) add('id', { name: 'id', type: 'uuid', value: () => uuidv7() });
  if (spec.resolveCompany) {
    add('company_id', { name: 'symbol', type: 'text', value: (row) => row['symbol'] }, '(SELECT c.id FROM market_companies c WHERE c.symbol = v.symbol)');
  }
  if (spec.resolveSector) {
    add('sector_id', { name: 'sector_code', type: 'text', value: (row) => row['sector_code'] }, '(SELECT s.id FROM market_sectors s WHERE s.code = v.sector_code)');
  }
  for (const [column, type] of Object.entries(spec.columns)) add(column, { name: column, type, value: (row) => row[column] });

  const updatable = targets.map(({ column }) => column).filter((column) => column !== 'id' && !spec.conflict.includes(column));
  const set = [...updatable.map((column) => `${quote(column)} = EXCLUDED.${quote(column)}`), ...(spec.updatedAt ? ['updated_at = now()'] : [])];
  const sql = `
    INSERT INTO ${spec.table} AS t (${targets.map(({ column }) => quote(column)).join(', ')})
    SELECT ${targets.map(({ expression }) => expression).join(', ')}
      FROM unnest(${inputs.map((input, index) => `$${index + 1}::${input.type}[]`).join(', ')}) AS v(${inputs.map(({ name }) => quote(name)).join(', ')})
    ON CONFLICT (${spec.conflict.map(quote).join(', ')}) DO UPDATE SET ${set.join(', ')}
     WHERE (${updatable.map((column) => `t.${quote(column)}`).join(', ')}) IS DISTINCT FROM (${updatable.map((column) => `EXCLUDED.${quote(column)}`).join(', ')})
    RETURNING (xmax = 0) AS inserted`;
  return { sql, inputs };
}

/** Writes a validated file in batches; `onBatch` hears the rows written so far. */
export async function upsertFile(
  db: Database,
  transaction: Transaction,
  file: ValidMarketFile,
  onBatch: (rowsWritten: number) => void,
): Promise<UpsertCounts> {
  const { sql, inputs } = buildUpsert(file.definition.table);
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  for (let start = 0; start < file.rows.length; start += BATCH_SIZE) {
    const batch = file.rows.slice(start, start + BATCH_SIZE);
    const bind = inputs.map((input) => batch.map(({ row }) => input.value(row)));
    let written: { inserted: boolean }[];
    try {
      written = await db.sequelize.query<{ inserted: boolean }>(sql, { bind, type: QueryTypes.SELECT, transaction });
    } catch (error) {
      throw refusedByDatabase(error, file, batch[0].line, batch[batch.length - 1].line);
    }
    const inserted = written.filter((row) => row.inserted).length;
    counts.inserted += inserted;
    counts.updated += written.length - inserted;
    counts.unchanged += batch.length - written.length;
    onBatch(start + batch.length);
  }
  return counts;
}

/**
 * A constraint the validation does not repeat (it should repeat them all) still names the file:
 * data exceptions (22xxx) and integrity violations (23xxx) are bad input, anything else is not.
 */
function refusedByDatabase(error: unknown, file: ValidMarketFile, first: number, last: number): unknown {
  const parent = (error as { parent?: { code?: string; message?: string } }).parent;
  if (!parent?.code || !/^2[23]/.test(parent.code)) return error;
  const unit = file.format === 'json' ? 'items' : 'lines';
  return new IngestionError({ file: file.file }, `the database refused a row of ${unit} ${first}-${last}: ${parent.message}`);
}
