import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { ContentFeaturedModel, ContentItemModel, Database, Transaction } from '@platform/db';
import { containsPattern, isRowId, pageWindow } from '../../shared';
import { ContentNotFound } from '../content.errors';
import type { FeaturedListQueryDto } from './dto/featured-entry.dto';
import type { FeaturedRow } from './featured.views';

/**
 * Every write to featured entries runs under this transaction-scoped advisory lock: the order and
 * the set of entries change one write at a time, so a reorder checks "exactly the current
 * entries" against a set nobody changes before it commits, and "after the last" is never taken
 * twice by two creates.
 */
export const FEATURED_LOCK_KEY = 'content:featured';

const COLUMNS = `f.id, f.content_item_id AS "contentItemId", f.start_date AS "startDate", f.end_date AS "endDate",
  f.display_order AS "displayOrder", f.created_by_admin_id AS "createdByAdminId", f.created_at AS "createdAt",
  f.updated_at AS "updatedAt"`;

/**
 * A public list shows entries of published items of active series only (CONTRACT section 10: other
 * items are 404 to readers; an archived series is hidden from public lists, its items with it).
 */
const PUBLISHED_ITEM = `JOIN content_items i ON i.id = f.content_item_id AND i.status = 'published'
  JOIN content_series s ON s.id = i.series_id AND s.status = 'active'`;

export interface FeaturedRows {
  rows: FeaturedRow[];
  count: number;
}

/** SQL over content_featured. */
@Service()
export class ContentFeaturedRepository {
  constructor(private readonly db: Database) {}

  async lock(tx: Transaction): Promise<void> {
    await this.db.sequelize.query('SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))', {
      replacements: { key: FEATURED_LOCK_KEY },
      transaction: tx,
    });
  }

  find(id: number, tx?: Transaction): Promise<ContentFeaturedModel | null> {
    return ContentFeaturedModel.findByPk(id, { transaction: tx, ...(tx && { lock: tx.LOCK.UPDATE }) });
  }

  /**
   * The item an entry points at, any status (an admin may feature an item before publishing it;
   * readers only ever see entries of published items), or 404 CONTENT_NOT_FOUND. KEY SHARE keeps
   * the item from being deleted before the entry referencing it commits.
   */
  async requireFeaturableItem(id: number, tx: Transaction): Promise<ContentItemModel> {
    const item = isRowId(id) ? await ContentItemModel.findByPk(id, { attributes: ['id'], transaction: tx, lock: tx.LOCK.KEY_SHARE }) : null;
    if (!item) throw ContentNotFound();
    return item;
  }

  /** Every entry, in display order (a reorder checks its input against them, and answers them). */
  all(tx: Transaction): Promise<FeaturedRow[]> {
    return this.db.sequelize.query<FeaturedRow>(`SELECT ${COLUMNS} FROM content_featured f ORDER BY f.display_order ASC, f.id ASC`, {
      type: QueryTypes.SELECT,
      transaction: tx,
    });
  }

  /** "After the last": one above the highest order, 0 for the first entry. */
  async nextOrder(tx: Transaction): Promise<number> {
    const highest = await ContentFeaturedModel.max<number | null, ContentFeaturedModel>('displayOrder', { transaction: tx });
    return highest === null || highest === undefined ? 0 : highest + 1;
  }

  /** Gives each entry its index in `ids` as display order, in one statement (only rows whose order changes are touched). */
  async reorder(ids: readonly number[], at: Date, tx: Transaction): Promise<void> {
    if (ids.length === 0) return;
    await this.db.sequelize.query(
      `UPDATE content_featured AS f SET display_order = o.ordinality - 1, updated_at = :at
         FROM unnest(ARRAY[:ids]::integer[]) WITH ORDINALITY AS o(id, ordinality)
        WHERE f.id = o.id AND f.display_order IS DISTINCT FROM o.ordinality - 1`,
      { replacements: { ids: [...ids], at }, transaction: tx, type: QueryTypes.UPDATE },
    );
  }

  /** Admins: every entry, whatever its item's status or its window; `search` over the item's title and slug. */
  adminPage(query: FeaturedListQueryDto): Promise<FeaturedRows> {
    const search = query.search ? containsPattern(query.search) : undefined;
    const join = search ? 'JOIN content_items i ON i.id = f.content_item_id AND (i.title ILIKE :search OR i.slug ILIKE :search)' : '';
    return this.page(join, '', { search }, query);
  }

  /** Readers, `/featured/all`: every entry of a published item, whatever its window. */
  publishedPage(query: FeaturedListQueryDto): Promise<FeaturedRows> {
    const search = query.search ? containsPattern(query.search) : undefined;
    const where = search ? 'WHERE (i.title ILIKE :search OR i.slug ILIKE :search)' : '';
    return this.page(PUBLISHED_ITEM, where, { search }, query);
  }

  /** Readers, `/featured`: entries of published items whose window holds `now` (both ends inclusive, null is open). */
  activeAt(now: Date): Promise<FeaturedRow[]> {
    return this.db.sequelize.query<FeaturedRow>(
      `SELECT ${COLUMNS} FROM content_featured f ${PUBLISHED_ITEM}
        WHERE (f.start_date IS NULL OR f.start_date <= :now) AND (f.end_date IS NULL OR f.end_date >= :now)
        ORDER BY f.display_order ASC, f.id ASC`,
      { replacements: { now }, type: QueryTypes.SELECT },
    );
  }

  /**
   * The first instant after `now` at which `activeAt`'s answer can change by time alone: the
   * earliest window start still ahead, or the instant just after the earliest end not yet passed
   * (an end is inclusive); null when no window opens or closes after `now`. Every entry counts,
   * whatever its item: an item's status changes only through a write, which makes the view stale anyway.
   */
  async nextWindowChangeAfter(now: Date): Promise<Date | null> {
    const [row] = await this.db.sequelize.query<{ at: Date | null }>(
      `SELECT least(
          (SELECT min(start_date) FROM content_featured WHERE start_date > :now),
          (SELECT min(end_date) FROM content_featured WHERE end_date >= :now) + interval '1 millisecond'
        ) AS at`,
      { replacements: { now }, type: QueryTypes.SELECT },
    );
    return row?.at ?? null;
  }

  private async page(
    join: string,
    where: string,
    replacements: Record<string, unknown>,
    query: FeaturedListQueryDto,
  ): Promise<FeaturedRows> {
    const window = pageWindow(query);
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    const limit = window.limit === undefined ? '' : 'LIMIT :limit OFFSET :offset';
    const from = `FROM content_featured f ${join} ${where}`;
    const [rows, [{ count }]] = await Promise.all([
      this.db.sequelize.query<FeaturedRow>(
        `SELECT ${COLUMNS} ${from} ORDER BY f.display_order ${direction}, f.id ${direction} ${limit}`,
        { replacements: { ...replacements, ...window }, type: QueryTypes.SELECT },
      ),
      this.db.sequelize.query<{ count: number }>(`SELECT count(*)::int AS count ${from}`, { replacements, type: QueryTypes.SELECT }),
    ]);
    return { rows, count };
  }
}
