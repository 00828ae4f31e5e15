import { CellProblem } from './cell-parsers';
import { IngestionError, IngestionLocation } from './ingestion.errors';
import type { MarketFileDefinition } from './market-file';
import { RowProblem } from './market-file';
import type { RawMarketFile } from './market-directory';

/** A validated row (fields typed by its file's columns) and where it came from. */
export interface ValidRow {
  line: number;
  row: Record<string, unknown>;
}

export interface ValidMarketFile {
  definition: MarketFileDefinition;
  file: string;
  format: 'csv' | 'json';
  rows: ValidRow[];
}

/**
 * Checks a file's columns, reads every cell by its column's rule, applies the cross-field rules
 * and refuses a natural key given twice. Throws the first IngestionError, in line order.
 */
export function validateMarketFile(raw: RawMarketFile): ValidMarketFile {
  const { definition, file, format } = raw;
  const unit = format === 'json' ? 'item' : 'line';
  const at = (line: number, field?: string): IngestionLocation => ({ file, line, field, unit });
  if (raw.header) checkColumns(definition, raw.header, at(1));

  const seen = new Map<string, number>();
  const rows = raw.records.map(({ line, values }): ValidRow => {
    if (!raw.header) checkColumns(definition, [...values.keys()], at(line));
    const row: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(definition.columns)) {
      try {
        row[field] = column.read(values.get(field) ?? null);
      } catch (error) {
        if (error instanceof CellProblem) throw new IngestionError(at(line, field), error.message);
        throw error;
      }
    }
    let finished = row;
    try {
      if (definition.finish) finished = definition.finish(row);
    } catch (error) {
      if (error instanceof RowProblem) throw new IngestionError(at(line, error.field), error.message);
      throw error;
    }
    const key = JSON.stringify(definition.key.map((field) => finished[field]));
    const first = seen.get(key);
    if (first !== undefined) {
      throw new IngestionError(at(line, definition.key[definition.key.length - 1]), `repeats ${unit} ${first} (same ${definition.key.join(', ')})`);
    }
    seen.set(key, line);
    return { line, row: finished };
  });
  return { definition, file, format, rows };
}

/** Unknown columns, a column given twice and missing required columns are errors naming them. */
function checkColumns(definition: MarketFileDefinition, names: string[], at: IngestionLocation): void {
  const known = Object.keys(definition.columns);
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length) throw new IngestionError({ ...at, field: repeated[0] }, `column ${repeated[0]} is given twice`);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new IngestionError(
      { ...at, field: unknown[0] },
      `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; ${definition.name} takes ${known.join(', ')}`,
    );
  }
  const missing = known.filter((name) => definition.columns[name].required && !names.includes(name));
  if (missing.length) {
    throw new IngestionError({ ...at, field: missing[0] }, `missing required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  }
}
