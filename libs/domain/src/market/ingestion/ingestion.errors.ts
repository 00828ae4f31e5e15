import { DomainError } from '../../shared';

/** Where a problem sits: the file, its line (CSV) or item (JSON, counted from 1), and the field. */
export interface IngestionLocation {
  file: string;
  /** CSV: the line the record starts on (the header is line 1). JSON: the array index + 1. */
  line?: number;
  field?: string;
  /** How `line` reads in the message: `line` for CSV, `item` for JSON. */
  unit?: 'line' | 'item';
}

/**
 * Bad input for the market ingestion: names the file, line and field, e.g.
 * `daily_prices.csv line 17, field close: "abc" is not a number`. Nothing has been written when it
 * is thrown (the whole load is validated first and written in one transaction).
 */
export class IngestionError extends DomainError {
  readonly file: string;
  readonly line?: number;
  readonly field?: string;
  /** The problem alone, without the location. */
  readonly problem: string;

  constructor(location: IngestionLocation, problem: string) {
    super('VALIDATION_ERROR', `${describeLocation(location)}: ${problem}`, {
      file: location.file,
      line: location.line,
      field: location.field,
    });
    this.name = 'IngestionError';
    this.file = location.file;
    this.line = location.line;
    this.field = location.field;
    this.problem = problem;
  }
}

export const isIngestionError = (error: unknown): error is IngestionError => error instanceof IngestionError;

function describeLocation({ file, line, field, unit = 'line' }: IngestionLocation): string {
  const at = line === undefined ? file : `${file} ${unit} ${line}`;
  return field === undefined ? at : `${at}, field ${field}`;
}
