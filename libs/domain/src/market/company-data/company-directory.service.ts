import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { MAX_PAGE } from '../../shared';
import { AnalysisAnswer, AnalysisCache } from '../analysis';
import { singleText } from '../analysis/query-values';
import { clampInteger, RawQueryValue } from './company-data.query';

export interface DirectoryCompany {
  id: string;
  symbol: string;
  name: string;
  /** As the snapshot's `listingStatus`: active, suspended or delisted; every status is listed. */
  listingStatus: string;
  sector: { id: string; code: string; name: string };
}

/** The answer as the list envelope wants it around `message`: `{ data, count, page, size }`. */
export interface CompanyDirectoryPage {
  data: DirectoryCompany[];
  count: number;
  page: number;
  size: number;
}

export interface CompanyDirectoryQuery {
  search?: RawQueryValue;
  sector?: RawQueryValue;
  page?: RawQueryValue;
  size?: RawQueryValue;
}

/** CONTRACT section 5: `size` 1..100 (default 20, larger capped); `page` from 1, clamped like the other public market integers. */
export const DIRECTORY_CLAMPS = {
  page: { min: 1, max: MAX_PAGE, fallback: 1 },
  size: { min: 1, max: 100, fallback: 20 },
} as const;
/** Longer search text is cut: no name is searched by more, and it bounds the cache keys. */
export const DIRECTORY_SEARCH_MAX = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** market_sectors.code's CHECK: another value names no sector. */
const SECTOR_CODE = /^(?=.{1,60}$)[a-z0-9]+(_[a-z0-9]+)*$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

interface Row {
  id: string;
  symbol: string;
  name: string;
  listingStatus: string;
  sectorId: string;
  sectorCode: string;
  sectorName: string;
}

type DirectoryFilter = {
  search: string | null;
  sector: string | null;
  page: number;
  size: number;
};

/**
 * GET /api/market/companies: the listed companies with their ids, for clients that add portfolio
 * transactions (issue 18). A seq scan of a few hundred rows, cached: no trigram index is needed.
 */
@Service()
export class CompanyDirectoryService {
  constructor(
    private readonly db: Database,
    private readonly cache: AnalysisCache,
  ) {}

  read(query: CompanyDirectoryQuery): Promise<AnalysisAnswer<CompanyDirectoryPage>> {
    const filter = directoryFilter(query);
    const { page, size } = filter;
    // Text no sector id or code can be matches nothing; answered uncached, so such text adds no cache key.
    if (filter.sector !== null && !UUID.test(filter.sector) && !SECTOR_CODE.test(filter.sector)) {
      return this.cache.uncached('companies', async () => ({ data: [], count: 0, page, size }));
    }
    return this.cache.read('companies', filter, () => this.load(filter));
  }

  private async load(filter: DirectoryFilter): Promise<CompanyDirectoryPage> {
    const { search, sector, page, size } = filter;
    const where = [
      search && `(c.symbol ILIKE :contains OR c.name ILIKE :contains)`,
      sector && (UUID.test(sector) ? 's.id = :sector::uuid' : 's.code = :sector'),
    ].filter(Boolean);
    const from = `FROM market_companies c JOIN market_sectors s ON s.id = c.sector_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
    const escaped = search?.replace(/[\\%_]/g, '\\$&');
    const replacements = {
      ...(search && { contains: `%${escaped}%`, exact: search.toUpperCase(), prefix: `${escaped?.toUpperCase()}%` }),
      sector,
      limit: size,
      offset: (page - 1) * size,
    };
    // With a search, the symbol itself comes first, then symbols starting with it, then the rest.
    const order = search ? 'c.symbol = :exact DESC, c.symbol LIKE :prefix DESC, c.symbol' : 'c.symbol';
    const [rows, [{ count }]] = await Promise.all([
      this.select<Row>(
        `SELECT c.id, c.symbol, c.name, c.status AS "listingStatus", s.id AS "sectorId", s.code AS "sectorCode", s.name AS "sectorName"
           ${from} ORDER BY ${order} LIMIT :limit OFFSET :offset`,
        replacements,
      ),
      this.select<{ count: number }>(`SELECT count(*)::int AS count ${from}`, replacements),
    ]);
    const data = rows.map(({ sectorId, sectorCode, sectorName, ...company }) => ({ ...company, sector: { id: sectorId, code: sectorCode, name: sectorName } }));
    return { data, count, page, size };
  }

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }
}

/**
 * The query normalised, as the cache keys on it: search trimmed, without control characters,
 * lower-cased (the match is case-insensitive) and cut; sector (an id or a code) lower-cased;
 * blank or not a string value = absent.
 */
export function directoryFilter(query: CompanyDirectoryQuery): DirectoryFilter {
  const text = (singleText(query.search) ?? '').replace(CONTROL_CHARACTERS, '').trim().toLowerCase();
  const search = [...text].slice(0, DIRECTORY_SEARCH_MAX).join('').trim();
  const sector = (singleText(query.sector) ?? '').toLowerCase();
  return {
    search: search || null,
    sector: sector || null,
    page: clampInteger(query.page, DIRECTORY_CLAMPS.page),
    size: clampInteger(query.size, DIRECTORY_CLAMPS.size),
  };
}
