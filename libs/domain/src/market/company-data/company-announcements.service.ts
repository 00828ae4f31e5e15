import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { AnalysisAnswer, AnalysisCache, CompanyLookup, normaliseSymbol } from '../analysis';
import { announcementTypes, AnnouncementType, clampInteger, CLAMPS, instantBound, RawQueryValue } from './company-data.query';

export interface Announcement {
  id: string;
  type: AnnouncementType;
  title: string;
  body: string | null;
  publishedAt: string;
  sourceUrl: string | null;
}

export interface CompanyAnnouncements {
  /** The filters as applied: canonical types, inclusive bounds as UTC instants (null = open). */
  filters: { types: AnnouncementType[]; from: string | null; to: string | null; limit: number };
  announcements: Announcement[];
}

export interface AnnouncementsQuery {
  types?: RawQueryValue;
  from?: RawQueryValue;
  to?: RawQueryValue;
  limit?: RawQueryValue;
}

const SQL = (bounds: string) => `
  SELECT id, type, title, body, to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "publishedAt",
         source_url AS "sourceUrl"
    FROM market_announcements
   WHERE company_id = :companyId AND type IN (:types) ${bounds}
   ORDER BY published_at DESC, id DESC
   LIMIT :limit`;

/** GET /companies/{symbol}/fundamentals/announcements: newest first, filtered by type and date. */
@Service()
export class CompanyAnnouncementsService {
  constructor(
    private readonly db: Database,
    private readonly companies: CompanyLookup,
    private readonly cache: AnalysisCache,
  ) {}

  read(rawSymbol: string | undefined, query: AnnouncementsQuery): Promise<AnalysisAnswer<CompanyAnnouncements>> {
    const symbol = normaliseSymbol(rawSymbol);
    const filters = {
      types: announcementTypes(query.types),
      from: instantBound(query.from, 'from'),
      to: instantBound(query.to, 'to'),
      limit: clampInteger(query.limit, CLAMPS.announcementLimit),
    };
    const load = async () => {
      const company = await this.companies.find(symbol);
      const bounds = [filters.from && 'AND published_at >= :from::timestamptz', filters.to && 'AND published_at <= :to::timestamptz'].filter(Boolean).join(' ');
      const announcements = await this.db.sequelize.query<Announcement>(SQL(bounds), {
        replacements: { companyId: company.id, ...filters },
        type: QueryTypes.SELECT,
      });
      return { filters, announcements };
    };
    // Cache keys stay bounded: at most two per second per bound (a whole second, or a date `to`'s
    // last microsecond); a query with any other sub-second bound is answered from the database.
    return onWholeSecond(filters.from) && onWholeSecond(filters.to) ? this.cache.read('announcements', { symbol, ...filters }, load) : this.cache.uncached('announcements', load);
  }
}

/** An absent bound, or one at .000000 or .999999 of its second (the edges a Nepal day gives). */
const onWholeSecond = (bound: string | null) => bound === null || /\.(000000|999999)Z$/.test(bound);
