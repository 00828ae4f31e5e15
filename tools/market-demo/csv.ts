import { writeFile } from 'node:fs/promises';

/**
 * RFC 4180 CSV as the market ingestion reads it: a header row, comma-separated, fields quoted when
 * they hold a comma, a double quote or a line break (quotes doubled), LF line ends, UTF-8; an empty
 * cell is null.
 */
export type Cell = string | number | boolean | null | undefined;

function formatCell(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'number' ? formatNumber(cell) : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  // Plain decimal notation (String() would switch to exponents past 1e21); no negative zero.
  return Object.is(value, -0) ? '0' : String(value);
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header.join(',')];
  for (const row of rows) {
    if (row.length !== header.length) throw new Error(`row of ${row.length} cells for ${header.length} columns`);
    lines.push(row.map(formatCell).join(','));
  }
  return `${lines.join('\n')}\n`;
}

export async function writeCsv(path: string, header: readonly string[], rows: readonly (readonly Cell[])[]): Promise<void> {
  await writeFile(path, toCsv(header, rows), 'utf8');
}

/** Parses RFC 4180 text into records keyed by the header's column names (empty cell: ''). */
export function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length) records.push([...record, field]);
  const [header, ...rows] = records;
  return rows.map((row) => {
    if (row.length !== header.length) throw new Error(`CSV row of ${row.length} fields for ${header.length} columns`);
    return Object.fromEntries(header.map((name, index) => [name, row[index]]));
  });
}
