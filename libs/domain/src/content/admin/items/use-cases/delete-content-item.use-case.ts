import { Service } from 'typedi';
import { Database } from '@platform/db';
import { AdminContentItemsRepository } from '../content-items-admin.repository';

/**
 * DELETE /api/admin/content-items/:id: the item, whatever its status, with its tags, tier rule,
 * featured entries and former slugs (the foreign keys cascade). Its slugs become free again.
 */
@Service()
export class DeleteContentItemUseCase {
  constructor(
    private readonly db: Database,
    private readonly items: AdminContentItemsRepository,
  ) {}

  execute(id: number): Promise<{ id: number }> {
    return this.db.transaction(async (tx) => {
      const item = await this.items.requireItem(id, tx, true);
      await item.destroy({ transaction: tx });
      return { id };
    });
  }
}
