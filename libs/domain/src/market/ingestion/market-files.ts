import { announcements, dividends, metrics, ownership, statements } from './fundamentals-files';
import { brokers, companies, sectors } from './listing-files';
import type { MarketFileDefinition } from './market-file';
import { dailyPrices, floorSheet, intradayPrices } from './trading-files';

/**
 * The market ingestion's file format (`npm run market:ingest -- <dir>`; full text in the README).
 *
 * A directory holds any subset of the files below, each `<name>.csv` (a header row, comma-separated,
 * RFC 4180 quoting, UTF-8) or `<name>.json` (an array of objects with the same keys), never both.
 * An empty CSV cell (or JSON null / "" / a key left out) is null. Dates are `YYYY-MM-DD`, instants
 * RFC 3339 with an offset. Columns marked ? may be left out or empty (then their default or null);
 * every other column is required. An unknown column, a missing required one, a bad cell, a
 * duplicate natural key in a file or a reference to a sector, symbol or broker that is neither in
 * the load nor in the database stops the load before anything is written, naming file, line
 * (JSON: item) and field. Symbols are upper-cased. Numbers: plain or exponent notation; more
 * decimals than the column keeps are rounded half away from zero, as PostgreSQL does.
 *
 * - sectors: code, name                                                       key code
 * - companies: symbol, name, sector_code, listed_shares?, paid_up_per_share? (100), status? (active)
 *                                                                             key symbol
 * - brokers: number, name                                                     key number
 * - daily_prices: symbol, trade_date, open, high, low, close, previous_close?, volume? (0),
 *   turnover? (0)                                                             key symbol, trade_date
 * - intraday_prices: symbol, traded_at, price, volume? (0)                    key symbol, traded_at
 * - statements: symbol, statement_type, period_type, fiscal_year, fiscal_quarter? (0 = annual),
 *   is_audited? (false), line_item, period_end, value?, source? (mdp), status?
 *                                    key symbol … line_item (all but period_end, value, source, status)
 * - metrics: symbol, metric, as_of, value?, source? (mdp), status?            key symbol, metric, as_of
 * - dividends: symbol, fiscal_year, cash_percent? (0), bonus_percent? (0), announced_on?,
 *   book_close_date?, distribution_date?                                      key symbol, fiscal_year
 * - ownership: symbol, as_of, tier, category, holder? ('' = the category total), shares, percent
 *                                                                             key symbol, as_of, tier, category, holder
 * - announcements: symbol, type, title, body?, published_at, source_url?      key symbol, type, published_at, title
 * - floor_sheet: contract_id, symbol, business_date, traded_at, buyer_broker, seller_broker,
 *   quantity, rate, amount                                                    key contract_id
 *
 * Statements and metrics: an empty status is `valid` with a value and `upstream_missing` without;
 * a value with another status, or `valid` without a value, is an error.
 */

/** Every file kind, in dependency order (sectors, companies, brokers, then what references them). */
export const MARKET_FILES: readonly MarketFileDefinition[] = [
  sectors,
  companies,
  brokers,
  dailyPrices,
  intradayPrices,
  statements,
  metrics,
  dividends,
  ownership,
  announcements,
  floorSheet,
];

/** The columns of each file kind in their documented order, for writers of the format. */
export const MARKET_FILE_COLUMNS = Object.fromEntries(MARKET_FILES.map((file) => [file.name, Object.keys(file.columns)])) as Record<
  MarketFileDefinition['name'],
  string[]
>;
