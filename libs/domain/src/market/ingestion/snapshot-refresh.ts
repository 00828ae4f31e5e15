import { QueryTypes } from 'sequelize';
import type { Database, Transaction } from '@platform/db';
import { BATCH_SIZE, UpsertCounts } from './batch-upsert';

/**
 * The core snapshot row of each company (market_company_snapshots; every stock-analysis endpoint
 * reads it first to decide 404), from its daily prices:
 * - as_of: the latest trade_date; last_price: that day's close;
 * - previous_close: that bar's previous_close, else the close of the bar before it;
 * - week52_high / week52_low: the highest high and lowest low of the 365 days ending at as_of
 *   (as_of − 364 … as_of).
 * A company without prices still gets its row, with nulls and as_of = today (or the as_of its row
 * already has, so a reload on another day changes nothing). A row that would not change is not
 * written (updated_at keeps its value).
 */
const REFRESH_SQL = `
  INSERT INTO market_company_snapshots AS s (company_id, as_of, last_price, previous_close, week52_high, week52_low)
  SELECT c.id,
         COALESCE(latest.trade_date, existing.as_of, $2::date),
         latest.close,
         COALESCE(latest.previous_close, prior.close),
         year_range.high,
         year_range.low
    FROM market_companies c
    LEFT JOIN market_company_snapshots existing ON existing.company_id = c.id
    LEFT JOIN LATERAL (
      SELECT p.trade_date, p.close, p.previous_close FROM market_daily_prices p
       WHERE p.company_id = c.id ORDER BY p.trade_date DESC LIMIT 1
    ) latest ON true
    LEFT JOIN LATERAL (
      SELECT p.close FROM market_daily_prices p
       WHERE p.company_id = c.id AND p.trade_date < latest.trade_date ORDER BY p.trade_date DESC LIMIT 1
    ) prior ON true
    LEFT JOIN LATERAL (
      SELECT max(p.high) AS high, min(p.low) AS low FROM market_daily_prices p
       WHERE p.company_id = c.id AND p.trade_date BETWEEN latest.trade_date - 364 AND latest.trade_date
    ) year_range ON true
   WHERE c.symbol = ANY($1::text[])
  ON CONFLICT (company_id) DO UPDATE SET
    as_of = EXCLUDED.as_of, last_price = EXCLUDED.last_price, previous_close = EXCLUDED.previous_close,
    week52_high = EXCLUDED.week52_high, week52_low = EXCLUDED.week52_low, updated_at = now()
   WHERE (s.as_of, s.last_price, s.previous_close, s.week52_high, s.week52_low)
         IS DISTINCT FROM (EXCLUDED.as_of, EXCLUDED.last_price, EXCLUDED.previous_close, EXCLUDED.week52_high, EXCLUDED.week52_low)
  RETURNING (xmax = 0) AS inserted`;

/** Refreshes the snapshots of `symbols` (`today`: YYYY-MM-DD, for companies without prices). */
export async function refreshSnapshots(
  db: Database,
  transaction: Transaction,
  symbols: string[],
  today: string,
  onBatch: (done: number) => void,
): Promise<UpsertCounts> {
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  for (let start = 0; start < symbols.length; start += BATCH_SIZE) {
    const batch = symbols.slice(start, start + BATCH_SIZE);
    const written = await db.sequelize.query<{ inserted: boolean }>(REFRESH_SQL, { bind: [batch, today], type: QueryTypes.SELECT, transaction });
    const inserted = written.filter((row) => row.inserted).length;
    counts.inserted += inserted;
    counts.updated += written.length - inserted;
    counts.unchanged += batch.length - written.length;
    onBatch(start + batch.length);
  }
  return counts;
}
