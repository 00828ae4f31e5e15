import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Cell } from './cell-parsers';
import { readCsvRecords } from './csv-records';
import { IngestionError } from './ingestion.errors';
import { readJsonRecords } from './json-records';
import type { MarketFileDefinition } from './market-file';
import { MARKET_FILES } from './market-files';

/** A market file as read, before any cell is checked. */
export interface RawMarketFile {
  definition: MarketFileDefinition;
  /** The file's name in the directory, e.g. `daily_prices.csv`. */
  file: string;
  format: 'csv' | 'json';
  /** CSV only: the header's column names (line 1). JSON objects carry their own keys. */
  header?: string[];
  records: RawRecord[];
}

export interface RawRecord {
  /** CSV line the record starts on, or JSON item number (index + 1). */
  line: number;
  values: Map<string, Cell | null>;
}

const KNOWN = new Map(MARKET_FILES.map((definition) => [definition.name, definition]));

/**
 * Finds the market files of `directory` (in dependency order) and reads them. Another `.csv` or
 * `.json` file there is an error (a misspelt name would otherwise be skipped silently), as is a
 * kind given both as CSV and as JSON; files with other extensions are ignored.
 */
export async function readMarketDirectory(directory: string): Promise<RawMarketFile[]> {
  let names: string[];
  try {
    names = (await readdir(directory, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    throw new IngestionError({ file: directory }, `cannot be read as a directory (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const found = new Map<MarketFileDefinition, string>();
  for (const file of names.sort()) {
    const match = /^(.+)\.(csv|json)$/i.exec(file);
    if (!match || file.startsWith('.')) continue;
    const definition = KNOWN.get(match[1] as MarketFileDefinition['name']);
    if (!definition || match[2] !== match[2].toLowerCase()) {
      throw new IngestionError({ file }, `is not a market file; expected <name>.csv or <name>.json with name one of ${[...KNOWN.keys()].join(', ')}`);
    }
    const other = found.get(definition);
    if (other) throw new IngestionError({ file }, `${definition.name} is given twice (${other} and ${file}); keep one`);
    found.set(definition, file);
  }
  if (!found.size) throw new IngestionError({ file: directory }, `holds no market files (${[...KNOWN.keys()].join(', ')} as .csv or .json)`);

  const files: RawMarketFile[] = [];
  for (const definition of MARKET_FILES) {
    const file = found.get(definition);
    if (file) files.push(parseMarketFile(definition, file, await readUtf8(join(directory, file), file)));
  }
  return files;
}

export function parseMarketFile(definition: MarketFileDefinition, file: string, text: string): RawMarketFile {
  if (file.endsWith('.json')) return { definition, file, format: 'json', records: readJsonRecords(text, file) };
  const [head, ...rows] = readCsvRecords(text, file);
  if (!head) throw new IngestionError({ file }, 'is empty; a CSV file starts with its header row');
  const header = head.fields;
  const records = rows.map(({ line, fields }) => {
    if (fields.length !== header.length) {
      throw new IngestionError({ file, line }, `has ${fields.length} fields; the header has ${header.length}`);
    }
    return { line, values: new Map(header.map((column, index) => [column, fields[index]])) };
  });
  return { definition, file, format: 'csv', header, records };
}

async function readUtf8(path: string, file: string): Promise<string> {
  const bytes = await readFile(path);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new IngestionError({ file }, 'is not valid UTF-8');
  }
}
