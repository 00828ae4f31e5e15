import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { pathUuid } from '../portfolio.errors';
import { readBrokerAnalysisQuery } from './broker-analysis-query';
import { PortfolioOwnership } from '../portfolio-ownership';

/** One broker's trades in one symbol over the window. */
export interface BrokerActivity {
  number: number;
  name: string;
  boughtQuantity: number;
  boughtAmount: number;
  soldQuantity: number;
  soldAmount: number;
  /** boughtQuantity − soldQuantity. */
  netQuantity: number;
  /** boughtQuantity + soldQuantity: what the brokers are ranked by. */
  totalQuantity: number;
}

export interface SymbolBrokerAnalysis {
  companyId: string;
  symbol: string;
  name: string;
  /** The symbol's trades in the window: each counted once (one buyer, one seller), and how many brokers took part. */
  totals: { trades: number; quantity: number; amount: number; brokers: number };
  /** The top `limit` brokers by totalQuantity, then by broker number. */
  brokers: BrokerActivity[];
}

export interface PortfolioBrokerAnalysis {
  portfolioId: string;
  /** The window of business dates, inclusive; null when the held symbols have no floor-sheet trades and no bound was given. */
  from: string | null;
  to: string | null;
  limit: number;
  symbols: SymbolBrokerAnalysis[];
}

interface AnalysisRow {
  companyId: string;
  symbol: string;
  name: string;
  from: string | null;
  to: string | null;
  trades: string | null;
  quantity: string | null;
  amount: string | null;
  brokers: string | null;
  broker: number | null;
  brokerName: string | null;
  boughtQuantity: string;
  boughtAmount: string;
  soldQuantity: string;
  soldAmount: string;
}

/**
 * One query: the window (`to` defaulting to the latest business date of the held symbols, `from`
 * to 29 days before it, and never more than 365 days before it), the trades of each held symbol in it (market_floor_sheet_company_date_idx),
 * each trade read once as its buyer's and its seller's side, summed per broker and ranked per
 * symbol with row_number(); one row per (symbol, ranked broker), or one row without a broker for a
 * symbol without trades.
 */
const BROKER_ANALYSIS_SQL = `
  WITH held AS (
    SELECT h.company_id, c.symbol, c.name
      FROM portfolio_holdings h JOIN market_companies c ON c.id = h.company_id
     WHERE h.portfolio_id = :portfolioId AND h.units > 0
  ), last_day AS MATERIALIZED (
    SELECT COALESCE(CAST(:to AS date), (
             SELECT max(latest.business_date) FROM held CROSS JOIN LATERAL (
               SELECT f.business_date FROM market_floor_sheet f WHERE f.company_id = held.company_id ORDER BY f.business_date DESC LIMIT 1
             ) latest)) AS day
  ), span AS (
    -- At most 366 days: a window reaching back years would add up every floor-sheet row of the held symbols.
    SELECT GREATEST(COALESCE(CAST(:from AS date), day - 29), day - 365) AS from_date, day AS to_date FROM last_day
  ), trades AS (
    SELECT f.company_id, f.buyer_broker, f.seller_broker, f.quantity, f.amount
      FROM held JOIN market_floor_sheet f ON f.company_id = held.company_id
      JOIN span ON f.business_date BETWEEN span.from_date AND span.to_date
  ), totals AS (
    SELECT company_id, count(*) AS trades, sum(quantity) AS quantity, sum(amount) AS amount FROM trades GROUP BY company_id
  ), per_broker AS (
    SELECT t.company_id, side.broker, sum(side.bought_quantity) AS bought_quantity, sum(side.bought_amount) AS bought_amount,
           sum(side.sold_quantity) AS sold_quantity, sum(side.sold_amount) AS sold_amount
      FROM trades t CROSS JOIN LATERAL (VALUES
        (t.buyer_broker, t.quantity, t.amount, 0, 0::numeric),
        (t.seller_broker, 0, 0::numeric, t.quantity, t.amount)
      ) AS side (broker, bought_quantity, bought_amount, sold_quantity, sold_amount)
     GROUP BY t.company_id, side.broker
  ), ranked AS (
    SELECT per_broker.*,
           row_number() OVER (PARTITION BY company_id ORDER BY bought_quantity + sold_quantity DESC, broker) AS rank,
           count(*) OVER (PARTITION BY company_id) AS brokers
      FROM per_broker
  )
  SELECT held.company_id AS "companyId", held.symbol, held.name,
         to_char(span.from_date, 'YYYY-MM-DD') AS "from", to_char(span.to_date, 'YYYY-MM-DD') AS "to",
         totals.trades::text AS trades, totals.quantity::text AS quantity, totals.amount::text AS amount, r.brokers::text AS brokers,
         r.broker, b.name AS "brokerName", r.bought_quantity::text AS "boughtQuantity", r.bought_amount::text AS "boughtAmount",
         r.sold_quantity::text AS "soldQuantity", r.sold_amount::text AS "soldAmount"
    FROM held CROSS JOIN span
    LEFT JOIN totals ON totals.company_id = held.company_id
    LEFT JOIN ranked r ON r.company_id = held.company_id AND r.rank <= :limit
    LEFT JOIN market_brokers b ON b.number = r.broker
   ORDER BY held.symbol, r.rank`;

/**
 * Floor-sheet activity per broker in the symbols a portfolio holds (units > 0) over a window of
 * business dates (market-data.md "Portfolio endpoints": broker analysis). Not cached: it is one
 * indexed query, and the floor sheet changes with every market load, which no portfolio write
 * (what invalidates the portfolio's cache) follows.
 */
@Service()
export class PortfolioBrokerAnalysisService {
  constructor(
    private readonly db: Database,
    private readonly ownership: PortfolioOwnership,
  ) {}

  async analysis(customerId: string, rawId: string, query: Record<string, unknown>): Promise<PortfolioBrokerAnalysis> {
    const portfolioId = pathUuid(rawId, 'id');
    const { from, to, limit } = readBrokerAnalysisQuery(query);
    await this.ownership.require(customerId, portfolioId);
    const rows = await this.db.sequelize.query<AnalysisRow>(BROKER_ANALYSIS_SQL, { replacements: { portfolioId, from, to, limit }, type: QueryTypes.SELECT });
    const symbols = new Map<string, SymbolBrokerAnalysis>();
    for (const row of rows) {
      let symbol = symbols.get(row.companyId);
      if (!symbol) symbols.set(row.companyId, (symbol = symbolOf(row)));
      if (row.broker !== null) symbol.brokers.push(brokerOf(row));
    }
    const [first] = rows;
    return { portfolioId, from: first?.from ?? from, to: first?.to ?? to, limit, symbols: [...symbols.values()] };
  }
}

function symbolOf(row: AnalysisRow): SymbolBrokerAnalysis {
  return {
    companyId: row.companyId,
    symbol: row.symbol,
    name: row.name,
    totals: { trades: Number(row.trades ?? 0), quantity: Number(row.quantity ?? 0), amount: Number(row.amount ?? 0), brokers: Number(row.brokers ?? 0) },
    brokers: [],
  };
}

function brokerOf(row: AnalysisRow): BrokerActivity {
  const bought = Number(row.boughtQuantity);
  const sold = Number(row.soldQuantity);
  return {
    number: Number(row.broker),
    name: row.brokerName ?? '',
    boughtQuantity: bought,
    boughtAmount: Number(row.boughtAmount),
    soldQuantity: sold,
    soldAmount: Number(row.soldAmount),
    netQuantity: bought - sold,
    totalQuantity: bought + sold,
  };
}
