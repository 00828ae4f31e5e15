import { Cell, CellParser, CellProblem } from './cell-parsers';

/** How one column of a market file is read: whether it must be there, and its value when empty. */
export interface Column<T> {
  /** The column must be in the file, and every row must give it a value. */
  readonly required: boolean;
  /** Reads a cell; null is an empty CSV cell, a JSON null or "", or a column left out. */
  read(cell: Cell | null): T;
}

const isEmpty = (cell: Cell | null): cell is null => cell === null || cell === '';

export function required<T>(parse: CellParser<T>): Column<T> {
  return {
    required: true,
    read: (cell) => {
      if (isEmpty(cell)) throw new CellProblem('a value is required');
      return parse(cell);
    },
  };
}

/** A column that may be left out or empty: null then. */
export function optional<T>(parse: CellParser<T>): Column<T | null> {
  return { required: false, read: (cell) => (isEmpty(cell) ? null : parse(cell)) };
}

/** A column that may be left out or empty: `fallback` then. */
export function withDefault<T>(parse: CellParser<T>, fallback: T): Column<T> {
  return { required: false, read: (cell) => (isEmpty(cell) ? fallback : parse(cell)) };
}

export type Columns = Record<string, Column<unknown>>;
export type RowOf<C extends Columns> = { [K in keyof C]: C[K] extends Column<infer T> ? T : never };

/** A rule across the fields of one row, broken: names the field to blame. */
export class RowProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a reference names: it must be in the same load or already in the database. */
export type ReferenceKind = 'sector' | 'company' | 'broker';

/**
 * How a file's rows land in their table: a multi-row upsert on the natural key (`conflict`).
 * Table columns take the row field of the same name, except `company_id` (resolved from the
 * `symbol` field) and `sector_id` (from `sector_code`).
 */
export interface TableSpec {
  table: string;
  /** Columns written from the row field of the same name, with the SQL type of the value. */
  columns: Record<string, string>;
  resolveCompany?: boolean;
  resolveSector?: boolean;
  /** The natural key the upsert conflicts on (table column names). */
  conflict: readonly string[];
  /** A UUIDv7 `id` for new rows; existing rows keep theirs. */
  newId?: boolean;
  /** The table has `updated_at`, set only when a row really changes. */
  updatedAt?: boolean;
}

/** One kind of market file: its columns, natural key, cross-field rules, references and table. */
export interface MarketFileDefinition<C extends Columns = Columns> {
  name: MarketFileName;
  columns: C;
  /** Fields of the natural key: two rows with the same key in one file are an error. */
  key: readonly (keyof C & string)[];
  references?: Partial<Record<keyof C & string, ReferenceKind>>;
  /** Cross-field rules and defaults that depend on other fields; throws a RowProblem. */
  finish?(row: RowOf<C>): RowOf<C>;
  table: TableSpec;
}

/** The file kinds, in the order they are validated and written (referenced rows first). */
export const MARKET_FILE_NAMES = [
  'sectors',
  'companies',
  'brokers',
  'daily_prices',
  'intraday_prices',
  'statements',
  'metrics',
  'dividends',
  'ownership',
  'announcements',
  'floor_sheet',
] as const;
export type MarketFileName = (typeof MARKET_FILE_NAMES)[number];

/** Checks a definition's types against its own columns, then erases them for the registry. */
export function marketFile<C extends Columns>(definition: MarketFileDefinition<C>): MarketFileDefinition {
  return definition as unknown as MarketFileDefinition;
}
