import Big from 'big.js';
import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { AnalysedCompany, CompanyLookup, normaliseSymbol } from '../../analysis/company-lookup';
import { readListQuery } from '../input';
import { pathUuid, PortfolioInputInvalid } from '../portfolio.errors';
import { TRANSACTION_COLUMNS, TransactionRow, transactionView, TransactionView } from '../transaction.views';
import { money } from '../money';
import { PortfolioOwnership } from '../portfolio-ownership';
import { PricedPosition, pricedPosition } from '../position-values';

/** The position of one company in a portfolio after its last live transaction (zero when never traded). */
export interface PortfolioCompanyPosition extends PricedPosition {
  realisedGain: number;
  dividendIncome: number;
  cgtPaid: number;
  firstTransactedAt: string | null;
  lastTransactedAt: string | null;
}

/** A transaction of the timeline, with the holding right after it (realised gain cumulative). */
export type PortfolioTimelineEntry = Omit<TransactionView, 'holdingAfter'> & {
  holdingAfter: TransactionView['holdingAfter'] & { realisedGain: number };
};

export interface PortfolioCompanyView {
  portfolioId: string;
  company: { id: string; symbol: string; name: string; sector: { code: string; name: string } };
  position: PortfolioCompanyPosition;
  /** One page of the company's live transactions (page, size), `count` in all. */
  timeline: PortfolioTimelineEntry[];
  count: number;
  page: number;
  size: number;
}

interface StoredPositionRow {
  units: string;
  cost: string;
  realisedGain: string;
  dividendIncome: string;
  cgtPaid: string;
  transactions: number;
  firstTransactedAt: Date;
  lastTransactedAt: Date;
}

const TIMELINE_SORTS = ['transactedAt'] as const;

/**
 * One company of a portfolio (market-data.md "Portfolio endpoints"): its position, from
 * portfolio_holdings, and its timeline, from the positions stored on its live transactions
 * (oldest first by default; ties by creation order, the order of the replay). Checks in the order of the
 * other portfolio reads: id (400), symbol (400), query (400), portfolio (404), company (404).
 */
@Service()
export class PortfolioCompanyService {
  constructor(
    private readonly db: Database,
    private readonly ownership: PortfolioOwnership,
    private readonly companies: CompanyLookup,
  ) {}

  async company(customerId: string, rawId: string, rawSymbol: string | undefined, query: Record<string, unknown>): Promise<PortfolioCompanyView> {
    const portfolioId = pathUuid(rawId, 'id');
    const symbol = normaliseSymbol(rawSymbol);
    const read = readListQuery(query, TIMELINE_SORTS, { sort: 'transactedAt', order: 'asc' });
    if ('problems' in read) throw PortfolioInputInvalid(read.problems);
    const { page, size, order } = read.value;
    await this.ownership.require(customerId, portfolioId);
    const company = await this.companies.find(symbol);
    const replacements = { portfolioId, companyId: company.id, limit: size, offset: (page - 1) * size };
    const [holdingRows, timeline] = await Promise.all([
      this.select<StoredPositionRow>(
        `SELECT units::text, cost::text, realised_gain::text AS "realisedGain", dividend_income::text AS "dividendIncome", cgt_paid::text AS "cgtPaid",
                transactions, first_transacted_at AS "firstTransactedAt", last_transacted_at AS "lastTransactedAt"
           FROM portfolio_holdings WHERE portfolio_id = :portfolioId AND company_id = :companyId`,
        replacements,
      ),
      this.select<TransactionRow & { realisedGainAfter: string }>(
        `SELECT ${TRANSACTION_COLUMNS}, t.realised_gain_after::text AS "realisedGainAfter"
           FROM portfolio_transactions t JOIN market_companies c ON c.id = t.company_id
          WHERE t.portfolio_id = :portfolioId AND t.company_id = :companyId AND t.deleted_at IS NULL
          ORDER BY t.transacted_at ${order}, t.sequence ${order} LIMIT :limit OFFSET :offset`,
        replacements,
      ),
    ]);
    const holding: StoredPositionRow | undefined = holdingRows[0];
    return {
      portfolioId,
      company: { id: company.id, symbol: company.symbol, name: company.name, sector: { code: company.sector.code, name: company.sector.name } },
      position: positionOf(holding, company),
      timeline: timeline.map(timelineEntry),
      // portfolio_holdings counts the company's live transactions, so the page needs no count query.
      count: holding?.transactions ?? 0,
      page,
      size,
    };
  }

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }
}

function positionOf(holding: StoredPositionRow | undefined, company: AnalysedCompany): PortfolioCompanyPosition {
  return {
    ...pricedPosition(holding?.units ?? '0', holding?.cost ?? '0', company.snapshot.lastPrice),
    realisedGain: money(Big(holding?.realisedGain ?? 0)),
    dividendIncome: money(Big(holding?.dividendIncome ?? 0)),
    cgtPaid: money(Big(holding?.cgtPaid ?? 0)),
    firstTransactedAt: holding?.firstTransactedAt.toISOString() ?? null,
    lastTransactedAt: holding?.lastTransactedAt.toISOString() ?? null,
  };
}

function timelineEntry(row: TransactionRow & { realisedGainAfter: string }): PortfolioTimelineEntry {
  const view = transactionView(row);
  return { ...view, holdingAfter: { ...view.holdingAfter, realisedGain: money(Big(row.realisedGainAfter)) } };
}
