import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { ContentItemModel, Database, Transaction } from '@platform/db';
import { containsPattern, isRowId, pageWindow } from '../../../shared';
import { EFFECTIVE_TIER_JOINS, EFFECTIVE_TIER_SQL } from '../../access';
import { ContentNotFound } from '../../content.errors';
import type { AdminContentItemSort, FetchContentItemsDto } from './dto/fetch-content-items.dto';
import { ITEM_SEARCH_MATCH } from '../../content-item-search';

/** Sort keys as columns of `content_items i`. publishedAt puts unpublished items (null) last either way. */
const SORT_SQL: Record<AdminContentItemSort, (direction: 'ASC' | 'DESC') => string> = {
  title: (direction) => `lower(i.title) ${direction}, i.title ${direction}`,
  createdAt: (direction) => `i.created_at ${direction}`,
  updatedAt: (direction) => `i.updated_at ${direction}`,
  publishedAt: (direction) => `i.published_at ${direction} NULLS LAST`,
};

/**
 * Admin reads of items: the filtered list (every status) and one item, locked inside a write.
 * The effective-tier filter joins the one tier rule (EFFECTIVE_TIER_JOINS: the item's rule wins).
 */
@Service()
export class AdminContentItemsRepository {
  constructor(private readonly db: Database) {}

  /**
   * A page of ids and the total. `search` matches the generated search_vector (title and summary,
   * websearch syntax, any text accepted) or a part of the title or slug (case-insensitive, LIKE
   * wildcards taken literally), so an admin finds an item by a fragment too.
   */
  async list(query: FetchContentItemsDto): Promise<{ ids: number[]; count: number }> {
    const conditions: string[] = [];
    const replacements: Record<string, unknown> = {};
    if (query.seriesId !== undefined) {
      conditions.push('i.series_id = :seriesId');
      replacements['seriesId'] = query.seriesId;
    }
    if (query.status !== undefined) {
      conditions.push('i.status = :status');
      replacements['status'] = query.status;
    }
    if (query.tier === 'free') conditions.push(`${EFFECTIVE_TIER_SQL} IS NULL`);
    else if (query.tier !== undefined) {
      conditions.push(`${EFFECTIVE_TIER_SQL} = :tier`);
      replacements['tier'] = query.tier;
    }
    if (query.categoryId !== undefined) {
      conditions.push('i.category_id = :categoryId');
      replacements['categoryId'] = query.categoryId;
    }
    if (query.tagId !== undefined) {
      conditions.push('EXISTS (SELECT 1 FROM content_item_tags t WHERE t.item_id = i.id AND t.tag_id = :tagId)');
      replacements['tagId'] = query.tagId;
    }
    if (query.search) {
      conditions.push(
        `(${ITEM_SEARCH_MATCH} OR i.title ILIKE :searchLike OR i.slug ILIKE :searchLike)`,
      );
      replacements['search'] = query.search;
      replacements['searchLike'] = containsPattern(query.search);
    }
    const from = `FROM content_items i ${EFFECTIVE_TIER_JOINS} ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`;
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const { limit, offset } = pageWindow(query);
    const window = limit === undefined ? '' : 'LIMIT :limit OFFSET :offset';
    const { sequelize } = this.db;
    const [rows, [{ count }]] = await Promise.all([
      sequelize.query<{ id: number }>(
        `SELECT i.id ${from} ORDER BY ${SORT_SQL[query.sort as AdminContentItemSort](direction)}, i.id ${direction} ${window}`,
        { replacements: { ...replacements, limit, offset }, type: QueryTypes.SELECT },
      ),
      sequelize.query<{ count: number }>(`SELECT count(*)::int AS count ${from}`, { replacements, type: QueryTypes.SELECT }),
    ]);
    return { ids: rows.map((row) => row.id), count };
  }

  /** The items of `ids`, in that order. */
  async byIds(ids: readonly number[]): Promise<ContentItemModel[]> {
    if (ids.length === 0) return [];
    const items = new Map((await ContentItemModel.findAll({ where: { id: [...ids] } })).map((item) => [item.id, item]));
    return ids.map((id) => items.get(id)).filter((item): item is ContentItemModel => item !== undefined);
  }

  /** The item, or 404 CONTENT_NOT_FOUND; `lock` takes its row lock (inside `tx`), so moves of one item apply one after the other. */
  async requireItem(id: number, tx?: Transaction, lock = false): Promise<ContentItemModel> {
    const item = isRowId(id) ? await ContentItemModel.findByPk(id, { transaction: tx, lock: lock && tx ? tx.LOCK.UPDATE : undefined }) : null;
    if (!item) throw ContentNotFound();
    return item;
  }
}
