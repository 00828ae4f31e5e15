import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { Clock } from '../../shared';
import { AnalysisAnswer, AnalysisCache, CompanyLookup, normaliseSymbol } from '../analysis';
import { addDays, clampInteger, CLAMPS, nepalToday, RawQueryValue } from './company-data.query';

export interface Dividend {
  fiscalYear: number;
  cashPercent: number;
  bonusPercent: number;
  announcedOn: string | null;
  bookCloseDate: string | null;
  distributionDate: string | null;
}

export interface CompanyDividends {
  years: number;
  upcomingDays: number;
  /** The upcoming window, Nepal dates, both inclusive: today … today + upcomingDays. */
  upcomingWindow: { from: string; to: string };
  /** The last `years` fiscal years with a dividend record (a declared 0 % cash and bonus included), newest first. */
  history: Dividend[];
  /** Book closes inside the upcoming window, soonest first. */
  upcoming: Dividend[];
}

export interface DividendsQuery {
  years?: RawQueryValue;
  upcomingDays?: RawQueryValue;
}

interface DividendRow {
  fiscalYear: number;
  cashPercent: string;
  bonusPercent: string;
  announcedOn: string | null;
  bookCloseDate: string | null;
  distributionDate: string | null;
}

const COLUMNS = `fiscal_year AS "fiscalYear", cash_percent AS "cashPercent", bonus_percent AS "bonusPercent",
  to_char(announced_on, 'YYYY-MM-DD') AS "announcedOn", to_char(book_close_date, 'YYYY-MM-DD') AS "bookCloseDate",
  to_char(distribution_date, 'YYYY-MM-DD') AS "distributionDate"`;

const HISTORY_SQL = `SELECT ${COLUMNS} FROM market_dividends WHERE company_id = :companyId ORDER BY fiscal_year DESC LIMIT :years`;
const UPCOMING_SQL = `
  SELECT ${COLUMNS} FROM market_dividends
   WHERE company_id = :companyId AND book_close_date BETWEEN :from AND :to
   ORDER BY book_close_date, fiscal_year`;

export const toDividend = (row: DividendRow): Dividend => ({ ...row, cashPercent: Number(row.cashPercent), bonusPercent: Number(row.bonusPercent) });

/** GET /companies/{symbol}/fundamentals/dividends. */
@Service()
export class CompanyDividendsService {
  constructor(
    private readonly db: Database,
    private readonly companies: CompanyLookup,
    private readonly cache: AnalysisCache,
    private readonly clock: Clock,
  ) {}

  read(rawSymbol: string | undefined, query: DividendsQuery): Promise<AnalysisAnswer<CompanyDividends>> {
    const symbol = normaliseSymbol(rawSymbol);
    const years = clampInteger(query.years, CLAMPS.dividendYears);
    const upcomingDays = clampInteger(query.upcomingDays, CLAMPS.upcomingDays);
    const from = nepalToday(this.clock);
    const to = addDays(from, upcomingDays);
    // "today" is part of the key: tomorrow's window is another answer.
    return this.cache.read('dividends', { symbol, years, upcomingDays, from }, async () => {
      const company = await this.companies.find(symbol);
      const select = (sql: string, replacements: object) =>
        this.db.sequelize.query<DividendRow>(sql, { replacements: { companyId: company.id, ...replacements }, type: QueryTypes.SELECT });
      const [history, upcoming] = await Promise.all([select(HISTORY_SQL, { years }), select(UPCOMING_SQL, { from, to })]);
      return { years, upcomingDays, upcomingWindow: { from, to }, history: history.map(toDividend), upcoming: upcoming.map(toDividend) };
    });
  }
}
