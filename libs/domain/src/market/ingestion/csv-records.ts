import { IngestionError } from './ingestion.errors';

/** One CSV record and the line it starts on (a quoted field may span lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Splits RFC 4180 text into records: comma-separated, fields quoted with `"` when they hold a
 * comma, a quote (doubled) or a line break; CRLF or LF line ends; a leading BOM is skipped, and so
 * are blank lines. A stray quote in an unquoted field or an unclosed quote is an error naming the line.
 */
export function readCsvRecords(text: string, file: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const end = text.length;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const isLineBreak = (index: number) => text[index] === '\n' || text[index] === '\r';
  /** Steps over the line break at `at` (CRLF, LF or CR). */
  const skipLineBreak = () => {
    at += text[at] === '\r' && text[at + 1] === '\n' ? 2 : 1;
    line++;
  };

  while (at < end) {
    if (isLineBreak(at)) {
      skipLineBreak();
      continue;
    }
    const record: CsvRecord = { line, fields: [] };
    for (;;) {
      if (text[at] === '"') {
        const opened = line;
        let field = '';
        for (at++; ; ) {
          if (at >= end) throw new IngestionError({ file, line: opened }, 'a quoted field is never closed');
          const char = text[at];
          if (char === '"' && text[at + 1] === '"') {
            field += '"';
            at += 2;
          } else if (char === '"') {
            at++;
            break;
          } else {
            if (char === '\n' || (char === '\r' && text[at + 1] !== '\n')) line++;
            field += char;
            at++;
          }
        }
        if (at < end && text[at] !== ',' && !isLineBreak(at)) throw new IngestionError({ file, line }, 'text after a closing quote (a quoted field must end at a comma or line end)');
        record.fields.push(field);
      } else {
        const start = at;
        while (at < end && text[at] !== ',' && !isLineBreak(at)) {
          if (text[at] === '"') throw new IngestionError({ file, line }, 'a double quote inside an unquoted field (quote the field and double its quotes)');
          at++;
        }
        record.fields.push(text.slice(start, at));
      }
      if (at < end && text[at] === ',') {
        at++;
        continue;
      }
      if (at < end) skipLineBreak();
      break;
    }
    records.push(record);
  }
  return records;
}
