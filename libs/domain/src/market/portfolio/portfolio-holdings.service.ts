import Big from 'big.js';
import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { Page, toPage } from '../../shared';
import { readListQuery } from './input';
import { money, percentOf } from './money';
import { PortfolioOwnership } from './portfolio-ownership';
import { PricedPosition, pricedPosition } from './position-values';
import { PortfolioCache } from './portfolio-cache';
import { pathUuid, PortfolioInputInvalid } from './portfolio.errors';

export interface PortfolioSummary {
  portfolioId: string;
  /** The latest price date among the held companies; null when nothing is held. */
  asOf: string | null;
  holdingsCount: number;
  /** Cost basis of the units held. */
  invested: number;
  /** Units × last price of the holdings that have a price. */
  currentValue: number;
  unrealisedGain: number;
  unrealisedGainPercent: number | null;
  /** Sale proceeds net of fees and CGT, less the cost of the units sold, over the portfolio's life. */
  realisedGain: number;
  dividendIncome: number;
  cgtPaid: number;
  /** unrealisedGain + realisedGain + dividendIncome. */
  totalReturn: number;
  /** Units × (last price − previous close). */
  dayChange: number;
  dayChangePercent: number | null;
  /** Held companies without a last price: not in currentValue, day change or gains. */
  unpricedHoldings: number;
}

export interface HoldingView extends PricedPosition {
  companyId: string;
  symbol: string;
  name: string;
  sector: { code: string; name: string };
  dayChange: number | null;
  realisedGain: number;
  dividendIncome: number;
  firstTransactedAt: string;
  lastTransactedAt: string;
}

/** What HOLDING_COLUMNS selects: one company's holding and its prices (decimals as text). */
export interface HoldingRow {
  companyId: string;
  symbol: string;
  name: string;
  sectorCode: string;
  sectorName: string;
  units: string;
  cost: string;
  realisedGain: string;
  dividendIncome: string;
  cgtPaid: string;
  lastPrice: string | null;
  previousClose: string | null;
  asOf: string | null;
  firstTransactedAt: Date;
  lastTransactedAt: Date;
}

const HOLDING_COLUMNS = `h.company_id AS "companyId", c.symbol, c.name, sec.code AS "sectorCode", sec.name AS "sectorName",
  h.units::text AS units, h.cost::text AS cost, h.realised_gain::text AS "realisedGain", h.dividend_income::text AS "dividendIncome",
  h.cgt_paid::text AS "cgtPaid", s.last_price::text AS "lastPrice", s.previous_close::text AS "previousClose",
  to_char(s.as_of, 'YYYY-MM-DD') AS "asOf", h.first_transacted_at AS "firstTransactedAt", h.last_transacted_at AS "lastTransactedAt"`;
const HOLDINGS_FROM = `portfolio_holdings h
  JOIN market_companies c ON c.id = h.company_id
  JOIN market_sectors sec ON sec.id = c.sector_id
  LEFT JOIN market_company_snapshots s ON s.company_id = h.company_id`;

const HOLDING_SORTS = ['currentValue', 'invested', 'units', 'unrealisedGain', 'unrealisedGainPercent', 'dayChange', 'symbol'] as const;
const HOLDING_SORT_SQL: Record<(typeof HOLDING_SORTS)[number], string> = {
  currentValue: 'h.units * s.last_price',
  invested: 'h.cost',
  units: 'h.units',
  unrealisedGain: 'h.units * s.last_price - h.cost',
  unrealisedGainPercent: '(h.units * s.last_price - h.cost) / NULLIF(h.cost, 0)',
  dayChange: 'h.units * (s.last_price - s.previous_close)',
  symbol: 'c.symbol',
};


/**
 * What a portfolio holds, from portfolio_holdings (one row per company, kept by every write):
 * the summary and the holdings list never read the transactions, so they cost the same at ten
 * transactions or a hundred thousand. Prices are the core snapshot rows of market data.
 */
@Service()
export class PortfolioHoldingsService {
  constructor(
    private readonly db: Database,
    private readonly cache: PortfolioCache,
    private readonly ownership: PortfolioOwnership,
  ) {}

  /** The summary as finished JSON (the route sends it as it is): a cached one is the caller's by the owner stored with it. */
  async summaryJson(customerId: string, rawId: string): Promise<Buffer> {
    const id = pathUuid(rawId, 'id');
    return this.cache.readJson(id, 'summary', 'all', customerId, async (): Promise<PortfolioSummary> => {
      await this.ownership.require(customerId, id);
      return summarise(id, await this.holdings(id));
    });
  }

  async list(customerId: string, rawId: string, query: Record<string, unknown>): Promise<Page<HoldingView>> {
    const id = pathUuid(rawId, 'id');
    const read = readListQuery(query, HOLDING_SORTS, { sort: 'currentValue', order: 'desc' });
    if ('problems' in read) throw PortfolioInputInvalid(read.problems);
    const { page, size, sort, order } = read.value;
    await this.ownership.require(customerId, id);
    const rows = await this.select<HoldingRow & { total: string }>(
      `SELECT ${HOLDING_COLUMNS}, count(*) OVER () AS total FROM ${HOLDINGS_FROM}
        WHERE h.portfolio_id = :id AND h.units > 0
        ORDER BY ${HOLDING_SORT_SQL[sort]} ${order} NULLS LAST, c.symbol
        LIMIT :limit OFFSET :offset`,
      { id, limit: size, offset: (page - 1) * size },
    );
    const count = rows.length ? Number(rows[0].total) : (await this.holdings(id)).filter((row) => Number(row.units) > 0).length;
    return toPage(rows.map(holdingView), count, { page, size, pagination: true });
  }

  /** Every company the portfolio has live transactions in (units may be 0 after selling out). */
  holdings(portfolioId: string): Promise<HoldingRow[]> {
    return this.select<HoldingRow>(`SELECT ${HOLDING_COLUMNS} FROM ${HOLDINGS_FROM} WHERE h.portfolio_id = :portfolioId`, { portfolioId });
  }

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }
}

function summarise(portfolioId: string, rows: HoldingRow[]): PortfolioSummary {
  let invested = Big(0);
  let pricedCost = Big(0);
  let currentValue = Big(0);
  let previousValue = Big(0);
  let realised = Big(0);
  let dividends = Big(0);
  let cgt = Big(0);
  let holdingsCount = 0;
  let unpriced = 0;
  let asOf: string | null = null;
  for (const row of rows) {
    realised = realised.plus(row.realisedGain);
    dividends = dividends.plus(row.dividendIncome);
    cgt = cgt.plus(row.cgtPaid);
    if (row.units === '0') continue;
    holdingsCount += 1;
    invested = invested.plus(row.cost);
    if (row.lastPrice === null) {
      unpriced += 1;
      continue;
    }
    pricedCost = pricedCost.plus(row.cost);
    currentValue = currentValue.plus(Big(row.lastPrice).times(row.units));
    previousValue = previousValue.plus(Big(row.previousClose ?? row.lastPrice).times(row.units));
    if (row.asOf && (asOf === null || row.asOf > asOf)) asOf = row.asOf;
  }
  const unrealised = currentValue.minus(pricedCost);
  const dayChange = currentValue.minus(previousValue);
  return {
    portfolioId,
    asOf,
    holdingsCount,
    invested: money(invested),
    currentValue: money(currentValue),
    unrealisedGain: money(unrealised),
    unrealisedGainPercent: percentOf(unrealised, pricedCost),
    realisedGain: money(realised),
    dividendIncome: money(dividends),
    cgtPaid: money(cgt),
    totalReturn: money(unrealised.plus(realised).plus(dividends)),
    dayChange: money(dayChange),
    dayChangePercent: percentOf(dayChange, previousValue),
    unpricedHoldings: unpriced,
  };
}

function holdingView(row: HoldingRow): HoldingView {
  return {
    companyId: row.companyId,
    symbol: row.symbol,
    name: row.name,
    sector: { code: row.sectorCode, name: row.sectorName },
    ...pricedPosition(row.units, row.cost, row.lastPrice),
    dayChange: row.lastPrice === null ? null : money(Big(row.lastPrice).minus(row.previousClose ?? row.lastPrice).times(row.units)),
    realisedGain: money(Big(row.realisedGain)),
    dividendIncome: money(Big(row.dividendIncome)),
    firstTransactedAt: row.firstTransactedAt.toISOString(),
    lastTransactedAt: row.lastTransactedAt.toISOString(),
  };
}
