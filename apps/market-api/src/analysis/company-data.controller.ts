import type { Request, Response } from 'express';
import { JsonController, Param, Req, Res } from 'routing-controllers';
import { Service } from 'typedi';
import {
  CompanyAnnouncementsService,
  CompanyDividendsService,
  CompanyOwnershipService,
  CompanySnapshotService,
  CompanyStatementsService,
  UpcomingBookClosesService,
} from '@platform/domain';
import { AnalysisGet, sendAnalysis } from './analysis-route';
import { documented, SCHEMAS } from './company-data.openapi';

/**
 * Company data of the public stock analysis (market-data.md "Stock analysis"): snapshot,
 * statements, dividends, ownership, announcements and the global upcoming book closes. Thin: the
 * domain normalises the query, decides 400/404 and caches the answer.
 */
@Service()
@JsonController('/api/market')
export class CompanyDataController {
  constructor(
    private readonly snapshots: CompanySnapshotService,
    private readonly statements: CompanyStatementsService,
    private readonly dividends: CompanyDividendsService,
    private readonly bookCloses: UpcomingBookClosesService,
    private readonly ownership: CompanyOwnershipService,
    private readonly announcements: CompanyAnnouncementsService,
  ) {}

  @AnalysisGet('/companies/:symbol/fundamentals/snapshot')
  @documented(
    'Company snapshot: company, price block and key metrics',
    'No query. Price values come from the core snapshot row (latest daily close; change and changePercent are computed against ' +
      'the previous close). Metrics are the latest stored value of each of eps_ttm, bvps, pe, pb, roe, dividend_yield and ' +
      'market_cap (a metric never stored is `upstream_missing`, source mdp), plus computedMarketCap = lastPrice × listedShares ' +
      '(source computed; `upstream_missing` without a price or listed shares). Every metric has `value` only when status is valid.',
    SCHEMAS.snapshot,
  )
  snapshot(@Param('symbol') symbol: string, @Res() res: Response) {
    return sendAnalysis(res, this.snapshots.read(symbol));
  }

  @AnalysisGet('/companies/:symbol/fundamentals/statements')
  @documented(
    'Financial statements by period',
    'Query: type = income (default; empty reverts to it) | balance | cashflow, anything else 400 `invalid type; expected income, ' +
      'balance or cashflow`; period = quarterly (default) | annual, anything else 400 `invalid period; expected quarterly or annual`; ' +
      'years 1..10, default 5 (out of range clamped, not a number = default): the last `years` fiscal years present. Rows newest ' +
      'first, each period with its line items as metric values. Annual mode shows the audited value of a line item over the ' +
      'unaudited one (audited: true when any value of the row is audited). cashflow answers 200 with available: false, a ' +
      'reason and no rows. Query errors are reported before the symbol is looked up.',
    SCHEMAS.statements,
  )
  statementsOf(@Param('symbol') symbol: string, @Req() req: Request, @Res() res: Response) {
    return sendAnalysis(res, this.statements.read(symbol, req.query));
  }

  @AnalysisGet('/companies/:symbol/fundamentals/dividends')
  @documented(
    'Dividend history and upcoming book closes',
    'Query: years 1..20 (default 5) and upcomingDays 1..365 (default 30), clamped; not a number = default. history: the last ' +
      '`years` fiscal years with a declared dividend, newest first; upcoming: book closes from today to today + upcomingDays ' +
      '(Nepal dates, inclusive), soonest first.',
    SCHEMAS.dividends,
  )
  dividendsOf(@Param('symbol') symbol: string, @Req() req: Request, @Res() res: Response) {
    return sendAnalysis(res, this.dividends.read(symbol, req.query));
  }

  @AnalysisGet('/upcoming-book-closes')
  @documented(
    'Upcoming dividend book closes of every company',
    'Query: days 1..365 (default 30) and limit 1..100 (default 20), clamped; not a number = default. Book closes from today to ' +
      'today + days (Nepal dates, inclusive), soonest first (then by symbol), at most `limit`.',
    SCHEMAS.upcomingBookCloses,
    false,
  )
  upcomingBookCloses(@Req() req: Request, @Res() res: Response) {
    return sendAnalysis(res, this.bookCloses.read(req.query));
  }

  @AnalysisGet('/companies/:symbol/fundamentals/ownership')
  @documented(
    'Shareholding of the latest disclosure, by tier',
    'No query. Tier1 promoter and public totals, Tier2 holder categories, Tier3 largest institutional and Tier4 largest ' +
      'individual holders, each largest first; holder is null for a category total. A tier without data (tier 4 is often not ' +
      'published) is an empty list; a company without any ownership data answers asOf null and four empty tiers.',
    SCHEMAS.ownership,
  )
  ownershipOf(@Param('symbol') symbol: string, @Res() res: Response) {
    return sendAnalysis(res, this.ownership.read(symbol));
  }

  @AnalysisGet('/companies/:symbol/fundamentals/announcements')
  @documented(
    'Company announcements, newest first',
    'Query: types, comma-separated and/or repeated, among dividend, bonus, rights, agm, financial_report (case-insensitive); ' +
      'unknown values are dropped and when none is left all five apply. from / to: YYYY-MM-DD (a Nepal day: from its first ' +
      'instant, to its last) or RFC 3339, inclusive; an unparseable value (or one outside 0001-01-01..9999-12-31 UTC) is ignored. ' +
      'limit 1..100 (default 20), clamped. data.filters echoes the filters as applied. A query with a sub-second RFC 3339 bound ' +
      'is answered without the cache.',
    SCHEMAS.announcements,
  )
  announcementsOf(@Param('symbol') symbol: string, @Req() req: Request, @Res() res: Response) {
    return sendAnalysis(res, this.announcements.read(symbol, req.query));
  }
}
