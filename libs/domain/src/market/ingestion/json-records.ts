import type { Cell } from './cell-parsers';
import { IngestionError } from './ingestion.errors';

/** One object of a JSON file: its item number (array index + 1) and its keys' values. */
export interface JsonRecord {
  line: number;
  values: Map<string, Cell | null>;
}

/** Reads a JSON array of flat objects (values: string, number, boolean or null). */
export function readJsonRecords(text: string, file: string): JsonRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new IngestionError({ file }, `is not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(parsed)) throw new IngestionError({ file }, 'must hold a JSON array of objects');
  return parsed.map((item: unknown, index) => {
    const line = index + 1;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new IngestionError({ file, line, unit: 'item' }, 'is not an object');
    }
    const values = new Map<string, Cell | null>();
    for (const [key, value] of Object.entries(item)) {
      if (value !== null && typeof value === 'object') {
        throw new IngestionError({ file, line, field: key, unit: 'item' }, 'must be a string, number, boolean or null');
      }
      values.set(key, value as Cell | null);
    }
    return { line, values };
  });
}
