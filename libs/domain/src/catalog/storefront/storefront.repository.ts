import { Service } from 'typedi';
import { Database, PreparedStatement, preparedStatement } from '@platform/db';
import type { ProductListSort } from '../products/dto/product-list-query.dto';

/** What customers can find and buy: a product that is both published and sellable. */
const ON_SALE = 'p.is_published AND p.is_sellable';

const SORT_COLUMNS: Record<ProductListSort, string> = {
  createdAt: 'p.created_at',
  updatedAt: 'p.updated_at',
  title: 'p.title',
  spPaisa: 'p.sp_paisa',
};

/** Enabled-lesson count and video seconds of the course `courseId` names: what a buyer actually gets. */
const lessonTotalsOf = (courseId: string) => `
  SELECT count(*)::int AS "lessonCount", COALESCE(sum(l.video_duration_seconds), 0)::bigint AS "totalDurationSeconds"
  FROM lessons l WHERE l.course_id = ${courseId} AND l.is_enabled`;

export interface CourseCardRow {
  id: number;
  productId: number;
  title: string;
  slug: string;
  mrpPaisa: number;
  spPaisa: number;
  thumbnailRef: string | null;
  trailerRef: string | null;
  lessonCount: number;
  /** bigint: pg answers text. */
  totalDurationSeconds: string;
}

export interface StorefrontCourseRow extends CourseCardRow {
  description: string | null;
  isPublished: boolean;
  isSellable: boolean;
  createdAt: Date;
  updatedAt: Date;
  topics: Array<{ id: number; title: string; position: number }>;
}

export interface CourseCardQuery {
  sort: ProductListSort;
  direction: 'ASC' | 'DESC';
  /** An ILIKE pattern on the title, or undefined for every course on sale. */
  titlePattern?: string;
  /** Null for every row (LIMIT NULL is no limit, OFFSET NULL none). */
  limit: number | null;
  offset: number | null;
}

/**
 * The storefront's reads as prepared statements (hot, public pages): a page of course cards with
 * its total in one round trip, and a course page by current or former slug with its outline and
 * lesson totals in another.
 */
@Service()
export class StorefrontRepository {
  private readonly cardStatements = new Map<string, PreparedStatement>();

  constructor(private readonly db: Database) {}

  /** A page of cards and the number of courses the query matches. */
  async courseCards(query: CourseCardQuery): Promise<{ rows: CourseCardRow[]; count: number }> {
    const params = { titlePattern: query.titlePattern, limit: query.limit, offset: query.offset };
    const rows = await this.db.prepared<CourseCardRow & { total: number }>(this.cardStatement(query), params);
    if (rows.length > 0) return { rows, count: rows[0].total };
    // Past the last page the window total is not there to read; on the first page it is 0.
    if (!query.offset) return { rows, count: 0 };
    const [{ total }] = await this.db.prepared<{ total: number }>(countStatement(query.titlePattern !== undefined), params);
    return { rows, count: total };
  }

  /** The course a slug names now or named before (the current slug wins), if it is a course on sale. */
  async courseOnSaleBySlug(slug: string): Promise<StorefrontCourseRow | undefined> {
    // PostgreSQL text cannot hold NUL, so no slug has one (and a bound parameter with one is an error).
    if (slug.includes('\0')) return undefined;
    const [row] = await this.db.prepared<StorefrontCourseRow>(COURSE_ON_SALE_BY_SLUG, { slug });
    return row;
  }

  private cardStatement(query: CourseCardQuery): PreparedStatement {
    const name = `storefront-course-cards:${query.sort}:${query.direction}:${query.titlePattern === undefined ? 'all' : 'search'}`;
    let statement = this.cardStatements.get(name);
    if (!statement) {
      statement = courseCardsStatement(name, query);
      this.cardStatements.set(name, statement);
    }
    return statement;
  }
}

const titleFilter = (search: boolean) => (search ? 'AND p.title ILIKE :titlePattern' : '');
const searchTypes = (search: boolean): Record<string, string> => (search ? { titlePattern: 'text' } : {});

/** The page in the list's order (course id breaks ties), its window total, then each card's lesson totals. */
function courseCardsStatement(name: string, query: CourseCardQuery): PreparedStatement {
  const search = query.titlePattern !== undefined;
  const { direction } = query;
  return preparedStatement(
    name,
    `SELECT page.id, page."productId", page.title, page.slug, page."mrpPaisa", page."spPaisa", page."thumbnailRef", page."trailerRef",
            totals."lessonCount", totals."totalDurationSeconds", page.total
     FROM (
       SELECT c.id, c.product_id AS "productId", p.title, p.slug, p.mrp_paisa AS "mrpPaisa", p.sp_paisa AS "spPaisa",
              c.thumbnail_ref AS "thumbnailRef", c.trailer_ref AS "trailerRef", ${SORT_COLUMNS[query.sort]} AS sort_key,
              (count(*) OVER ())::int AS total
       FROM courses c JOIN products p ON p.id = c.product_id
       WHERE ${ON_SALE} ${titleFilter(search)}
       ORDER BY ${SORT_COLUMNS[query.sort]} ${direction}, c.id ${direction}
       LIMIT :limit OFFSET :offset
     ) page
     CROSS JOIN LATERAL (${lessonTotalsOf('page.id')}) totals
     ORDER BY page.sort_key ${direction}, page.id ${direction}`,
    { ...searchTypes(search), limit: 'int', offset: 'int' },
  );
}

const countStatementOf = (search: boolean): PreparedStatement =>
  preparedStatement(
    `storefront-course-count:${search ? 'search' : 'all'}`,
    `SELECT count(*)::int AS total FROM courses c JOIN products p ON p.id = c.product_id WHERE ${ON_SALE} ${titleFilter(search)}`,
    searchTypes(search),
  );
const COUNT_ALL = countStatementOf(false);
const COUNT_SEARCH = countStatementOf(true);
const countStatement = (search: boolean): PreparedStatement => (search ? COUNT_SEARCH : COUNT_ALL);

const COURSE_ON_SALE_BY_SLUG = preparedStatement(
  'storefront-course-by-slug',
  `WITH named AS (
     SELECT id FROM (
       SELECT p.id, 1 AS precedence FROM products p WHERE p.slug = :slug AND p.type = 'course'
       UNION ALL
       SELECT p.id, 2 FROM product_slug_history h JOIN products p ON p.id = h.product_id WHERE h.slug = :slug AND p.type = 'course'
     ) candidates
     ORDER BY precedence
     LIMIT 1
   )
   SELECT c.id, c.product_id AS "productId", p.title, p.slug, c.description, p.mrp_paisa AS "mrpPaisa", p.sp_paisa AS "spPaisa",
          p.is_published AS "isPublished", p.is_sellable AS "isSellable", c.thumbnail_ref AS "thumbnailRef", c.trailer_ref AS "trailerRef",
          c.created_at AS "createdAt", c.updated_at AS "updatedAt", totals."lessonCount", totals."totalDurationSeconds",
          COALESCE(
            (SELECT json_agg(json_build_object('id', t.id, 'title', t.title, 'position', t.position) ORDER BY t.position, t.id)
             FROM course_topics t WHERE t.course_id = c.id),
            '[]'::json
          ) AS topics
   FROM named
   JOIN products p ON p.id = named.id AND ${ON_SALE}
   JOIN courses c ON c.product_id = p.id
   CROSS JOIN LATERAL (${lessonTotalsOf('c.id')}) totals`,
  { slug: 'text' },
);
