import { Service } from 'typedi';
import { ContentCategoryModel, ContentItemTagModel, ContentSeriesModel, ContentTagModel, Transaction } from '@platform/db';
import { ContentCategoryNotFound, ContentSeriesNotFound, TagNotFound } from '../../content.errors';

/**
 * The series, category and tags an item names: each must exist (404 CONTENT_SERIES_NOT_FOUND,
 * CONTENT_CATEGORY_NOT_FOUND, TAG_NOT_FOUND), and is held with a KEY SHARE lock until the write
 * commits, so a concurrent delete of it waits instead of turning this write into a foreign-key 500.
 */
@Service()
export class ContentItemReferencesService {
  async requireSeries(seriesId: number, tx: Transaction): Promise<void> {
    const found = await ContentSeriesModel.findByPk(seriesId, { attributes: ['id'], transaction: tx, lock: tx.LOCK.KEY_SHARE });
    if (!found) throw ContentSeriesNotFound();
  }

  async requireCategory(categoryId: number, tx: Transaction): Promise<void> {
    const found = await ContentCategoryModel.findByPk(categoryId, { attributes: ['id'], transaction: tx, lock: tx.LOCK.KEY_SHARE });
    if (!found) throw ContentCategoryNotFound(categoryId);
  }

  /** The distinct ids of `tagIds` in ascending order, all existing (the first unknown one is named). */
  async requireTags(tagIds: readonly number[], tx: Transaction): Promise<number[]> {
    const wanted = [...new Set(tagIds)].sort((a, b) => a - b);
    if (wanted.length === 0) return [];
    const found = await ContentTagModel.findAll({ where: { id: wanted }, attributes: ['id'], transaction: tx, lock: tx.LOCK.KEY_SHARE });
    const known = new Set(found.map((tag) => tag.id));
    const missing = wanted.find((id) => !known.has(id));
    if (missing !== undefined) throw TagNotFound(missing);
    return wanted;
  }

  /** Makes the item's tags exactly `tagIds` (checked by requireTags). */
  async replaceTags(itemId: number, tagIds: readonly number[], tx: Transaction): Promise<void> {
    await ContentItemTagModel.destroy({ where: { itemId }, transaction: tx });
    if (tagIds.length) await ContentItemTagModel.bulkCreate(tagIds.map((tagId) => ({ itemId, tagId })), { transaction: tx });
  }
}
