import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { ContentItemModel, Database, isForeignKeyViolation, Transaction } from '@platform/db';
import { ContentSeriesHasPublishedItems } from '../../../content.errors';
import { ContentSeriesRepository } from '../content-series.repository';
import { ContentPublicViews } from '../../../content-public-views.service';

/** What DELETE /api/admin/content-series/:id answers. */
export interface ContentSeriesDeleteView {
  id: number;
  /** The series' draft, scheduled and archived items removed with it. */
  deletedItemCount: number;
}

/** content_items.series_id's foreign key (ON DELETE RESTRICT, migration 0019). */
const ITEMS_SERIES_FKEY = 'content_items_series_id_fkey';

/**
 * DELETE /api/admin/content-series/:id (issue 24: "a series with published items cannot be
 * deleted"): 409 while any of its items is published; otherwise the series goes with its
 * non-published items (their tags, tier rules, slug history and featured entries cascade).
 *
 * Race-proof without locking every item: the items are deleted with `status <> 'published'` in the
 * statement itself, so an item published after the check (or while its row lock held the delete)
 * is skipped, and the series delete then meets the RESTRICT foreign key of that item: the same
 * 409. Never a series deleted while a published item names it.
 */
@Service()
export class DeleteContentSeriesUseCase {
  constructor(
    private readonly db: Database,
    private readonly publicViews: ContentPublicViews,
    private readonly series: ContentSeriesRepository,
  ) {}

  async execute(id: number): Promise<ContentSeriesDeleteView> {
    try {
      // A deadlock with an item write that moves an item to this series is retried (the work repeats safely).
      return await this.publicViews.transaction((tx) => this.deleteIn(id, tx), { retries: 2 });
    } catch (error) {
      if (isForeignKeyViolation(error) && constraintOf(error) === ITEMS_SERIES_FKEY) throw ContentSeriesHasPublishedItems();
      throw error;
    }
  }

  private async deleteIn(id: number, tx: Transaction): Promise<ContentSeriesDeleteView> {
    const series = await this.series.requireSeries(id, tx, true);
    const published = await ContentItemModel.count({ where: { seriesId: series.id, status: 'published' }, transaction: tx });
    if (published > 0) throw ContentSeriesHasPublishedItems();
    const removed = await this.db.sequelize.query<{ id: number }>(
      `DELETE FROM content_items WHERE series_id = :seriesId AND status <> 'published' RETURNING id`,
      { replacements: { seriesId: series.id }, type: QueryTypes.SELECT, transaction: tx },
    );
    await series.destroy({ transaction: tx });
    return { id: series.id, deletedItemCount: removed.length };
  }
}

const constraintOf = (error: unknown): string | undefined => (error as { parent?: { constraint?: string } }).parent?.constraint;
