import { Service } from 'typedi';
import type { ContentItemModel } from '@platform/db';
import type { AdminActor } from '../../../shared';
import { ContentPublicViews } from '../../content-public-views.service';
import type { AdminItemView } from '../../content.views';
import { AdminContentItemsRepository } from './content-items-admin.repository';
import { AdminContentItemsService } from './content-items-admin.service';

/**
 * The one way an admin move changes an item's status: under the item's row lock (two moves of one
 * item apply one after the other), `move` decides from the locked row and changes it, or returns
 * false to leave it as it is (a repeated move answers the item unchanged). Migration 0019's CHECKs
 * tie the times to the status, so a move that forgot one fails loudly rather than storing it.
 */
@Service()
export class ContentItemMovesService {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly items: AdminContentItemsRepository,
    private readonly reads: AdminContentItemsService,
  ) {}

  run(admin: AdminActor, id: number, move: (item: ContentItemModel) => boolean): Promise<AdminItemView> {
    return this.publicViews.transaction(async (tx) => {
      const item = await this.items.requireItem(id, tx, true);
      if (move(item)) {
        item.updatedByAdminId = admin.id;
        await item.save({ transaction: tx });
      }
      return this.reads.view(item, tx);
    });
  }
}
