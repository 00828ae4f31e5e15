import { Service } from 'typedi';
import { AdminContentItemsRepository } from '../content-items-admin.repository';
import { ContentPublicViews } from '../../../content-public-views.service';

/**
 * DELETE /api/admin/content-items/:id: the item, whatever its status, with its tags, tier rule,
 * featured entries and former slugs (the foreign keys cascade). Its slugs become free again.
 */
@Service()
export class DeleteContentItemUseCase {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly items: AdminContentItemsRepository,
  ) {}

  execute(id: number): Promise<{ id: number }> {
    return this.publicViews.transaction(async (tx) => {
      const item = await this.items.requireItem(id, tx, true);
      await item.destroy({ transaction: tx });
      return { id };
    });
  }
}
