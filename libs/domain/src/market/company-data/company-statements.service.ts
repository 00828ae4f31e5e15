import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { AnalysisAnswer, AnalysisCache, CompanyLookup, metric, MetricValue, normaliseSymbol } from '../analysis';
import type { MetricSource, MetricStatus } from '../ingestion/metric-value';
import { clampInteger, CLAMPS, RawQueryValue, StatementPeriod, statementPeriod, statementType, StatementType } from './company-data.query';

export interface StatementRow {
  fiscalYear: number;
  /** 1-4, or null for the annual period. */
  fiscalQuarter: number | null;
  periodEnd: string;
  /** Whether any value of the row came from the audited annual set. */
  audited: boolean;
  items: Record<string, MetricValue>;
}

export interface CompanyStatements {
  type: StatementType;
  period: StatementPeriod;
  years: number;
  available: boolean;
  reason: string | null;
  rows: StatementRow[];
}

export interface StatementsQuery {
  type?: RawQueryValue;
  period?: RawQueryValue;
  years?: RawQueryValue;
}

/** Why cashflow answers `available: false` (market-data.md rule 2) rather than an error. */
export const CASHFLOW_UNAVAILABLE_REASON =
  'Cash flow statements are not published by the market data provider for NEPSE-listed companies; use the income and balance statements.';

interface ValueRow {
  fiscalYear: number;
  fiscalQuarter: number;
  isAudited: boolean;
  lineItem: string;
  periodEnd: string;
  value: string | null;
  source: MetricSource;
  status: MetricStatus;
}

/**
 * The values of the last `years` fiscal years present, newest period first; within a period and
 * line item the one shown comes first: a valid value before one that is not, then the audited
 * before the unaudited (an audited report that lacks a figure does not hide the unaudited one).
 */
const VALUES_SQL = `
  SELECT v.fiscal_year AS "fiscalYear", v.fiscal_quarter AS "fiscalQuarter", v.is_audited AS "isAudited",
         v.line_item AS "lineItem", to_char(v.period_end, 'YYYY-MM-DD') AS "periodEnd", v.value, v.source, v.status
    FROM market_statement_values v
   WHERE v.company_id = :companyId AND v.statement_type = :type AND v.period_type = :period
     AND v.fiscal_year IN (
       SELECT DISTINCT fiscal_year FROM market_statement_values
        WHERE company_id = :companyId AND statement_type = :type AND period_type = :period
        ORDER BY fiscal_year DESC LIMIT :years)
   ORDER BY v.fiscal_year DESC, v.fiscal_quarter DESC, v.line_item, v.status = 'valid' DESC, v.is_audited DESC`;

/** GET /companies/{symbol}/fundamentals/statements. */
@Service()
export class CompanyStatementsService {
  constructor(
    private readonly db: Database,
    private readonly companies: CompanyLookup,
    private readonly cache: AnalysisCache,
  ) {}

  read(rawSymbol: string | undefined, query: StatementsQuery): Promise<AnalysisAnswer<CompanyStatements>> {
    const symbol = normaliseSymbol(rawSymbol);
    const type = statementType(query.type);
    const period = statementPeriod(query.period);
    const years = clampInteger(query.years, CLAMPS.statementYears);
    return this.cache.read('statements', { symbol, type, period, years }, async () => {
      const company = await this.companies.find(symbol);
      if (type === 'cashflow') return { type, period, years, available: false, reason: CASHFLOW_UNAVAILABLE_REASON, rows: [] };
      const values = await this.db.sequelize.query<ValueRow>(VALUES_SQL, {
        replacements: { companyId: company.id, type, period, years },
        type: QueryTypes.SELECT,
      });
      return { type, period, years, available: true, reason: null, rows: toRows(values) };
    });
  }
}

/** Groups values into periods (already in order); annual mode keeps the audited value of each line item. */
function toRows(values: ValueRow[]): StatementRow[] {
  const rows: StatementRow[] = [];
  let current: StatementRow | undefined;
  for (const value of values) {
    const quarter = value.fiscalQuarter === 0 ? null : value.fiscalQuarter;
    if (!current || current.fiscalYear !== value.fiscalYear || current.fiscalQuarter !== quarter) {
      current = { fiscalYear: value.fiscalYear, fiscalQuarter: quarter, periodEnd: value.periodEnd, audited: false, items: {} };
      rows.push(current);
    }
    if (current.items[value.lineItem]) continue;
    current.items[value.lineItem] = metric(value.value, value.source, value.status);
    if (value.isAudited && !current.audited) {
      current.audited = true;
      current.periodEnd = value.periodEnd;
    }
  }
  return rows;
}
