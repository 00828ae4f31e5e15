import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { Clock } from '../../shared';
import { AnalysisAnswer, AnalysisCache } from '../analysis';
import { addDays, clampInteger, CLAMPS, nepalToday, RawQueryValue } from './company-data.query';

export interface UpcomingBookClose {
  symbol: string;
  name: string;
  sectorCode: string;
  bookCloseDate: string;
  cashPercent: number;
  bonusPercent: number;
  fiscalYear: number;
}

export interface UpcomingBookCloses {
  days: number;
  limit: number;
  /** Nepal dates, both inclusive: today … today + days. */
  window: { from: string; to: string };
  bookCloses: UpcomingBookClose[];
}

export interface UpcomingBookClosesQuery {
  days?: RawQueryValue;
  limit?: RawQueryValue;
}

type Row = Omit<UpcomingBookClose, 'cashPercent' | 'bonusPercent'> & { cashPercent: string; bonusPercent: string };

/** A range scan of market_dividends_book_close_idx over every company. */
const SQL = `
  SELECT c.symbol, c.name, s.code AS "sectorCode", to_char(d.book_close_date, 'YYYY-MM-DD') AS "bookCloseDate",
         d.cash_percent AS "cashPercent", d.bonus_percent AS "bonusPercent", d.fiscal_year AS "fiscalYear"
    FROM market_dividends d
    JOIN market_companies c ON c.id = d.company_id
    JOIN market_sectors s ON s.id = c.sector_id
   WHERE d.book_close_date BETWEEN :from AND :to
   ORDER BY d.book_close_date, c.symbol, d.fiscal_year
   LIMIT :limit`;

/** GET /upcoming-book-closes: every company's dividend book closes in the next `days`, soonest first. */
@Service()
export class UpcomingBookClosesService {
  constructor(
    private readonly db: Database,
    private readonly cache: AnalysisCache,
    private readonly clock: Clock,
  ) {}

  read(query: UpcomingBookClosesQuery): Promise<AnalysisAnswer<UpcomingBookCloses>> {
    const days = clampInteger(query.days, CLAMPS.bookCloseDays);
    const limit = clampInteger(query.limit, CLAMPS.bookCloseLimit);
    const from = nepalToday(this.clock);
    const to = addDays(from, days);
    return this.cache.read('upcomingBookCloses', { days, limit, from }, async () => {
      const rows = await this.db.sequelize.query<Row>(SQL, { replacements: { from, to, limit }, type: QueryTypes.SELECT });
      const bookCloses = rows.map((row) => ({ ...row, cashPercent: Number(row.cashPercent), bonusPercent: Number(row.bonusPercent) }));
      return { days, limit, window: { from, to }, bookCloses };
    });
  }
}
