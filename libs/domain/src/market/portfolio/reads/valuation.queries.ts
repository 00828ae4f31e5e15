/**
 * The SQL of the valuation series: the positions of each company at each point, and the prices
 * in force. Every query starts from the portfolio's companies (portfolio_holdings: one row per
 * company it has live transactions in) and reads through indexes only: the price tables' keys
 * (or the daily date index, as the planner prefers), and the transaction indexes of migration
 * 0010, so a long history costs one index probe per company, not a scan of its transactions.
 */

/** The UTC instant as ISO 8601 text with milliseconds, as Date.prototype.toISOString writes it. */
export const utcInstantText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The Nepal date (UTC+05:45, nepal-time.ts) of an instant. */
export const nepalDateText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC' + interval '5 hours 45 minutes', 'YYYY-MM-DD')`;

/** When the portfolio began, and the latest daily close of any of its companies. */
export const DAILY_BOUNDS_SQL = `
  SELECT to_char(max(latest.trade_date), 'YYYY-MM-DD') AS "latest", min(h.first_transacted_at) AS "firstTransactedAt"
    FROM portfolio_holdings h
    LEFT JOIN LATERAL (
      SELECT p.trade_date FROM market_daily_prices p WHERE p.company_id = h.company_id ORDER BY p.trade_date DESC LIMIT 1
    ) latest ON true
   WHERE h.portfolio_id = :portfolioId`;

/** When the portfolio began, and the latest intraday tick of any of its companies. */
export const INTRADAY_BOUNDS_SQL = `
  SELECT max(latest.traded_at) AS "latest", min(h.first_transacted_at) AS "firstTransactedAt"
    FROM portfolio_holdings h
    LEFT JOIN LATERAL (
      SELECT i.traded_at FROM market_intraday_prices i WHERE i.company_id = h.company_id ORDER BY i.traded_at DESC LIMIT 1
    ) latest ON true
   WHERE h.portfolio_id = :portfolioId`;

/**
 * The stored position after the last live transaction of each company in each bucket (`bucket`
 * places a transacted_at: its Nepal date or the instant itself) from `:start` to before `:end`,
 * and for each company the position after its last transaction before `:start` (what it held
 * when the series begins). Both read portfolio_transactions by its indexes on (portfolio,
 * transacted_at) and (portfolio, company, transacted_at): the cost follows the range, not the
 * portfolio's history.
 */
export const positionsSql = (bucket: (column: string) => string) => `
  (SELECT DISTINCT ON (t.company_id, "at") t.company_id AS "companyId", ${bucket('t.transacted_at')} AS "at",
          t.units_after::text AS units, t.cost_after::text AS cost
     FROM portfolio_transactions t
    WHERE t.portfolio_id = :portfolioId AND t.deleted_at IS NULL AND t.transacted_at >= :start AND t.transacted_at < :end
    ORDER BY t.company_id, "at", t.transacted_at DESC, t.sequence DESC)
  UNION ALL
  SELECT h.company_id, ${bucket('before.transacted_at')}, before.units, before.cost
    FROM portfolio_holdings h CROSS JOIN LATERAL (
      SELECT t.transacted_at, t.units_after::text AS units, t.cost_after::text AS cost
        FROM portfolio_transactions t
       WHERE t.portfolio_id = h.portfolio_id AND t.company_id = h.company_id AND t.deleted_at IS NULL AND t.transacted_at < :start
       ORDER BY t.transacted_at DESC, t.sequence DESC
       LIMIT 1
    ) before
   WHERE h.portfolio_id = :portfolioId
  ORDER BY "companyId", "at"`;

/**
 * Daily closes of the portfolio's companies from `:from` to `:to` (the points: trading days), and
 * each company's latest close before `:from` (carried into the range until it trades).
 */
export const DAILY_PRICES_SQL = `
  WITH held AS (SELECT company_id FROM portfolio_holdings WHERE portfolio_id = :portfolioId)
  SELECT p.company_id AS "companyId", to_char(p.trade_date, 'YYYY-MM-DD') AS "at", p.close::text AS price, true AS "isPoint"
    FROM held JOIN market_daily_prices p ON p.company_id = held.company_id
   WHERE p.trade_date BETWEEN CAST(:from AS date) AND CAST(:to AS date)
  UNION ALL
  SELECT held.company_id, to_char(before.trade_date, 'YYYY-MM-DD'), before.close::text, false
    FROM held CROSS JOIN LATERAL (
      SELECT p.trade_date, p.close FROM market_daily_prices p
       WHERE p.company_id = held.company_id AND p.trade_date < CAST(:from AS date)
       ORDER BY p.trade_date DESC LIMIT 1
    ) before
  ORDER BY "companyId", "at"`;

/**
 * Intraday ticks of the portfolio's companies on the Nepal day `:day` (`:dayStart` ≤ traded_at <
 * `:dayEnd`; the points: tick times), and each company's latest close before that day, in force
 * from the day's start until its first tick.
 */
export const INTRADAY_PRICES_SQL = `
  WITH held AS (SELECT company_id FROM portfolio_holdings WHERE portfolio_id = :portfolioId)
  SELECT i.company_id AS "companyId", ${utcInstantText('i.traded_at')} AS "at", i.price::text AS price, true AS "isPoint"
    FROM held JOIN market_intraday_prices i ON i.company_id = held.company_id
   WHERE i.traded_at >= :dayStart AND i.traded_at < :dayEnd
  UNION ALL
  SELECT held.company_id, :dayStart, before.close::text, false
    FROM held CROSS JOIN LATERAL (
      SELECT p.close FROM market_daily_prices p
       WHERE p.company_id = held.company_id AND p.trade_date < CAST(:day AS date)
       ORDER BY p.trade_date DESC LIMIT 1
    ) before
  ORDER BY "companyId", "at"`;
