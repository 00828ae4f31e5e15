import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { ContentItemModel, ContentSeriesModel, Database, Op, WhereOptions } from '@platform/db';
import { containsPattern, pageWindow, textArrayLiteral } from '../../shared';
import type { ContentTier } from '../../subscriptions';
import { EFFECTIVE_TIER_JOINS, EFFECTIVE_TIER_SQL } from '../access';
import { ITEM_SEARCH_MATCH, ITEM_SEARCH_RANK } from '../content-item-search';
import type { ContentItemPageQueryDto, PublicContentSeriesQueryDto, PublicItemSort, PublicSeriesSort } from './dto/public-content-query.dto';

const ITEM_SORT_SQL: Record<PublicItemSort, string> = {
  publishedAt: 'i.published_at',
  title: 'i.title',
  relevance: ITEM_SEARCH_RANK,
};

const SERIES_SORT_COLUMNS: Record<PublicSeriesSort, keyof ContentSeriesModel> = {
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  title: 'title',
};

/** Every mapped column of content_items (not the generated search_vector), for rows mapped to ContentItemModel. */
const ITEM_COLUMNS = `i.id, i.series_id, i.content_type, i.title, i.slug, i.summary, i.body, i.status, i.scheduled_at,
  i.published_at, i.archived_at, i.category_id, i.created_by_admin_id, i.updated_by_admin_id, i.created_at, i.updated_at`;

/** What narrows a page of published items. */
export interface PublishedItemFilter {
  seriesId?: number;
  categoryId?: number;
  tagId?: number;
  /**
   * Only the items readable in full with these tiers (free items always): the library. The tier
   * is the effective one (the item's rule, else its series'), as ContentTiersService computes it.
   */
  readableTiers?: readonly ContentTier[];
  /** Only items of active series: public lists (an archived series' items stay readable by slug and in the library). */
  activeSeriesOnly?: boolean;
}

/**
 * SQL of the reader side: active series, and pages of published items (of active series only for
 * public lists; an archived series' items stay readable by slug and in the library). A page is two statements (the rows and the
 * count), both on content_items_published_idx / content_items_series_published_idx.
 */
@Service()
export class ContentReadersRepository {
  constructor(private readonly db: Database) {}

  activeSeriesPage(query: PublicContentSeriesQueryDto): Promise<{ rows: ContentSeriesModel[]; count: number }> {
    const where: WhereOptions<ContentSeriesModel> = { status: 'active' };
    if (query.search) Object.assign(where, { title: { [Op.iLike]: containsPattern(query.search) } });
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    return ContentSeriesModel.findAndCountAll({
      where,
      order: [
        [SERIES_SORT_COLUMNS[query.sort as PublicSeriesSort], direction],
        ['id', direction],
      ],
      ...pageWindow(query),
    });
  }


  async publishedPage(filter: PublishedItemFilter, query: ContentItemPageQueryDto): Promise<{ rows: ContentItemModel[]; count: number }> {
    const where = [`i.status = 'published'`];
    if (filter.seriesId !== undefined) where.push('i.series_id = :seriesId');
    if (filter.categoryId !== undefined) where.push('i.category_id = :categoryId');
    if (filter.tagId !== undefined) where.push('EXISTS (SELECT 1 FROM content_item_tags it WHERE it.item_id = i.id AND it.tag_id = :tagId)');
    if (query.search) where.push(ITEM_SEARCH_MATCH);
    if (filter.activeSeriesOnly) where.push(`EXISTS (SELECT 1 FROM content_series s WHERE s.id = i.series_id AND s.status = 'active')`);
    const tiered = filter.readableTiers !== undefined;
    if (tiered) where.push(`(${EFFECTIVE_TIER_SQL} IS NULL OR ${EFFECTIVE_TIER_SQL} = ANY(CAST(:readable AS text[])))`);
    const from = `FROM content_items i ${tiered ? EFFECTIVE_TIER_JOINS : ''} WHERE ${where.join(' AND ')}`;

    const sort = query.sort === 'relevance' && !query.search ? 'publishedAt' : (query.sort as PublicItemSort);
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const window = pageWindow(query);
    const limit = window.limit === undefined ? '' : 'LIMIT :limit OFFSET :offset';
    const replacements = {
      seriesId: filter.seriesId ?? null,
      categoryId: filter.categoryId ?? null,
      tagId: filter.tagId ?? null,
      search: query.search ?? '',
      readable: textArrayLiteral(filter.readableTiers ?? []),
      ...window,
    };
    const [rows, [counted]] = await Promise.all([
      this.db.sequelize.query<ContentItemModel>(
        `SELECT ${ITEM_COLUMNS} ${from} ORDER BY ${ITEM_SORT_SQL[sort]} ${direction}, i.id ${direction} ${limit}`,
        { replacements, model: ContentItemModel, mapToModel: true },
      ),
      this.db.sequelize.query<{ count: number }>(`SELECT count(*)::int AS count ${from}`, { replacements, type: QueryTypes.SELECT }),
    ]);
    return { rows, count: counted.count };
  }
}
