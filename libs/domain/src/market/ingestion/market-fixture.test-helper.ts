import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';

/** Rows of each market file, by file kind; cells as a JSON file would give them. */
export type MarketFixture = Record<string, Record<string, string | number | boolean | null>[]>;

/** A prefix that keeps a test's symbols, sector codes and keys apart from other tests' (shared database). */
export function uniquePrefix(): string {
  return `T${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * A small market: one sector, a company with prices (`<P>A`, given lower-case to show symbols are
 * upper-cased) and one without (`<P>B`), two brokers, and a few rows of every other file. The
 * daily bars of `<P>A` are chosen for hand-checked snapshot numbers: as_of 2024-07-01, last price
 * 525, previous close 510 (the prior bar's close: the last bar has none), 52-week window
 * 2023-07-03 … 2024-07-01 (365 days), so the 2023-07-02 bar (high 900, low 10) is just outside and
 * the 2023-07-03 bar (high 700, low 50) just inside: week52_high 700, week52_low 50.
 */
export function marketFixture(prefix = uniquePrefix()) {
  const a = `${prefix}A`;
  const b = `${prefix}B`;
  const sector = `s_${prefix.toLowerCase()}`;
  const [buyer, seller] = [randomInt(20_000, 26_000), randomInt(26_000, 32_000)];
  const contract = randomInt(1, 2 ** 47);
  const fixture: MarketFixture = {
    sectors: [{ code: sector, name: 'Test Banks' }],
    companies: [
      { symbol: a.toLowerCase(), name: 'Alpha Bank Limited', sector_code: sector, listed_shares: 1_000_000, paid_up_per_share: null, status: null },
      { symbol: b, name: 'Beta, "the second" Bank', sector_code: sector, listed_shares: null, paid_up_per_share: 50, status: 'suspended' },
    ],
    brokers: [
      { number: buyer, name: 'Buyer Securities' },
      { number: seller, name: 'Seller Securities' },
    ],
    daily_prices: [
      { symbol: a, trade_date: '2023-07-02', open: 100, high: 900, low: 10, close: 100, previous_close: null, volume: 10, turnover: 1000 },
      { symbol: a, trade_date: '2023-07-03', open: 100, high: 700, low: 50, close: 100, previous_close: 100, volume: 10, turnover: 1000 },
      { symbol: a, trade_date: '2024-06-28', open: 500, high: 520, low: 495, close: 510, previous_close: 505, volume: 1200, turnover: 612000.5 },
      { symbol: a, trade_date: '2024-07-01', open: 510, high: 530, low: 505, close: 525, previous_close: null, volume: null, turnover: null },
    ],
    intraday_prices: [
      { symbol: a, traded_at: '2024-07-01T05:15:00Z', price: 512, volume: 100 },
      { symbol: a, traded_at: '2024-07-01T11:15:00+05:45', price: 520.25, volume: null },
    ],
    statements: [
      { symbol: a, statement_type: 'income', period_type: 'annual', fiscal_year: 2080, fiscal_quarter: null, is_audited: true, line_item: 'net_profit', period_end: '2024-07-15', value: 123456.789, source: null, status: null },
      { symbol: a, statement_type: 'income', period_type: 'quarterly', fiscal_year: 2081, fiscal_quarter: 1, is_audited: null, line_item: 'net_profit', period_end: '2024-10-15', value: null, source: null, status: null },
      { symbol: a, statement_type: 'balance', period_type: 'quarterly', fiscal_year: 2081, fiscal_quarter: 1, is_audited: false, line_item: 'total_assets', period_end: '2024-10-15', value: 0, source: 'computed', status: 'valid' },
    ],
    metrics: [
      { symbol: a, metric: 'eps_ttm', as_of: '2024-07-01', value: 21.4, source: null, status: null },
      { symbol: a, metric: 'graham_number', as_of: '2024-07-01', value: null, source: 'computed', status: 'negative_input' },
      { symbol: b, metric: 'pe_ratio', as_of: '2024-07-01', value: '18.5', source: 'manual_swp', status: 'valid' },
    ],
    dividends: [{ symbol: a, fiscal_year: 2080, cash_percent: 10, bonus_percent: null, announced_on: '2024-06-01', book_close_date: '2024-07-20', distribution_date: null }],
    ownership: [
      { symbol: a, as_of: '2024-06-30', tier: 1, category: 'Promoter', holder: null, shares: 510_000, percent: 51 },
      { symbol: a, as_of: '2024-06-30', tier: 4, category: 'Individual', holder: 'Ram Bahadur', shares: 12_000, percent: 1.2 },
    ],
    announcements: [
      { symbol: a, type: 'agm', title: 'AGM notice', body: 'Line one,\nline "two"', published_at: '2024-06-20T04:00:00Z', source_url: 'https://example.com/agm' },
    ],
    floor_sheet: [
      { contract_id: contract, symbol: a, business_date: '2024-07-01', traded_at: '2024-07-01T05:15:00Z', buyer_broker: buyer, seller_broker: seller, quantity: 10, rate: 512, amount: 5120 },
      { contract_id: contract + 1, symbol: a, business_date: '2024-07-01', traded_at: '2024-07-01T05:16:00Z', buyer_broker: seller, seller_broker: buyer, quantity: 5, rate: 513, amount: 2565 },
    ],
  };
  return { prefix, a, b, sector, brokers: [buyer, seller], contract, fixture };
}

function csvCell(cell: string | number | boolean | null | undefined): string {
  if (cell === null || cell === undefined) return '';
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV text, columns in the order of the first row's keys. */
export function toCsv(rows: MarketFixture[string]): string {
  const columns = Object.keys(rows[0] ?? {});
  return [columns.join(','), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(','))].join('\n') + '\n';
}

/** Writes the fixture to a new temp directory (or `directory`) as `<name>.csv` or `<name>.json` files. */
export async function writeFixture(fixture: MarketFixture, format: 'csv' | 'json', directory?: string): Promise<string> {
  const target = directory ?? (await mkdtemp(join(tmpdir(), 'market-ingest-')));
  for (const [name, rows] of Object.entries(fixture)) {
    await writeFile(join(target, `${name}.${format}`), format === 'csv' ? toCsv(rows) : JSON.stringify(rows, null, 1));
  }
  return target;
}
