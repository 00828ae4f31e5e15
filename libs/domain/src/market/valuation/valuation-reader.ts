import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import type { StoredValue } from './valuation-math';

/** The provider metrics the valuation endpoints read (their latest as_of each). */
export const VALUATION_METRICS = ['eps_ttm', 'bvps'] as const;

/** What the ratios, fair value and peers are computed from, for one company. */
export interface CompanyFigures {
  id: string;
  symbol: string;
  name: string;
  sectorId: string;
  listedShares: string | null;
  paidUpPerShare: string;
  lastPrice: string | null;
  /** Latest row of each provider metric in VALUATION_METRICS, by name. */
  metrics: Record<string, StoredValue>;
  /** Cash dividend % (of the paid-up value) of the latest fiscal year with a dividend row; null without any. */
  latestCashPercent: string | null;
  /** Annual statement values by fiscal year and line item, the audited report preferred item by item. */
  annual: Map<number, Record<string, StoredValue>>;
}

interface FiguresRow extends Omit<CompanyFigures, 'metrics' | 'annual'> {
  metrics: Record<string, StoredValue> | null;
}

interface AnnualRow extends StoredValue {
  companyId: string;
  fiscalYear: number;
  lineItem: string;
}

const FIGURES_SQL = (where: string) => `
  SELECT c.id, c.symbol, c.name, c.sector_id AS "sectorId", c.listed_shares::text AS "listedShares",
         c.paid_up_per_share::text AS "paidUpPerShare", snap.last_price::text AS "lastPrice",
         m.metrics, d.cash_percent::text AS "latestCashPercent"
    FROM market_companies c
    JOIN market_company_snapshots snap ON snap.company_id = c.id
    LEFT JOIN LATERAL (
      SELECT json_object_agg(x.metric, json_build_object('value', x.value::text, 'source', x.source, 'status', x.status)) AS metrics
        FROM (SELECT DISTINCT ON (metric) metric, value, source, status
                FROM market_company_metrics
               WHERE company_id = c.id AND metric IN (:metricNames)
               ORDER BY metric, as_of DESC) x
    ) m ON true
    LEFT JOIN LATERAL (
      SELECT cash_percent FROM market_dividends WHERE company_id = c.id ORDER BY fiscal_year DESC LIMIT 1
    ) d ON true
   WHERE ${where}
   ORDER BY c.symbol`;

// The audited annual report overrides the unaudited one (migration 0009), line item by line item,
// where it has the figure: a valid value is preferred to a missing one whichever report it is in.
const ANNUAL_SQL = `
  SELECT DISTINCT ON (company_id, fiscal_year, line_item)
         company_id AS "companyId", fiscal_year AS "fiscalYear", line_item AS "lineItem", value::text AS value, source, status
    FROM market_statement_values
   WHERE company_id IN (:ids) AND period_type = 'annual' AND statement_type IN ('income', 'balance')
   ORDER BY company_id, fiscal_year, line_item, status = 'valid' DESC, is_audited DESC`;

/** Set-based reads behind the valuation endpoints: one query for a group of companies, never one per company. */
@Service()
export class ValuationReader {
  constructor(private readonly db: Database) {}

  /** The figures of the given companies (annual statements included), in symbol order. */
  async byIds(ids: readonly string[]): Promise<CompanyFigures[]> {
    if (!ids.length) return [];
    const rows = await this.select<FiguresRow>(FIGURES_SQL('c.id IN (:ids)'), { ids });
    const annual = await this.select<AnnualRow>(ANNUAL_SQL, { ids });
    return rows.map((row) => ({ ...row, metrics: row.metrics ?? {}, annual: annualOf(row.id, annual) }));
  }

  /**
   * The other listed (not delisted) companies of a company's sector, without statements: the
   * cohort of its sector medians (the company itself is not its own peer).
   */
  async sectorCohort(sectorId: string, companyId: string): Promise<CompanyFigures[]> {
    const rows = await this.select<FiguresRow>(FIGURES_SQL(`c.sector_id = :sectorId AND c.status <> 'delisted' AND c.id <> :companyId`), { sectorId, companyId });
    return rows.map((row) => ({ ...row, metrics: row.metrics ?? {}, annual: new Map() }));
  }

  /**
   * The peers shown when none are asked for: the `limit` largest active companies of the sector by
   * market capitalisation (last price × listed shares; those without one last), then by symbol.
   */
  async largestSectorPeers(sectorId: string, companyId: string, limit: number): Promise<string[]> {
    const rows = await this.select<{ id: string }>(
      `SELECT c.id FROM market_companies c
         JOIN market_company_snapshots snap ON snap.company_id = c.id
        WHERE c.sector_id = :sectorId AND c.status = 'active' AND c.id <> :companyId
        ORDER BY snap.last_price * c.listed_shares DESC NULLS LAST, c.symbol
        LIMIT :limit`,
      { sectorId, companyId, limit },
    );
    return rows.map((row) => row.id);
  }

  /** Stored companies among `symbols` (upper-case), with their sector: the peer candidates. */
  async companiesBySymbol(symbols: readonly string[]): Promise<Array<{ id: string; symbol: string; sectorId: string }>> {
    if (!symbols.length) return [];
    return this.select(
      `SELECT c.id, c.symbol, c.sector_id AS "sectorId" FROM market_companies c
         JOIN market_company_snapshots snap ON snap.company_id = c.id WHERE c.symbol IN (:symbols)`,
      { symbols },
    );
  }

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements: { metricNames: VALUATION_METRICS, ...replacements }, type: QueryTypes.SELECT });
  }
}

function annualOf(companyId: string, rows: readonly AnnualRow[]): Map<number, Record<string, StoredValue>> {
  const years = new Map<number, Record<string, StoredValue>>();
  for (const row of rows) {
    if (row.companyId !== companyId) continue;
    const items = years.get(row.fiscalYear) ?? {};
    items[row.lineItem] = { value: row.value, source: row.source, status: row.status };
    years.set(row.fiscalYear, items);
  }
  return years;
}
