import { Service } from 'typedi';
import { AdminActor } from '../../../../shared';
import { ContentTierRulesRepository } from '../../../access/content-tier-rules.repository';
import type { AdminItemView } from '../../../content.views';
import { AdminContentItemsRepository } from '../content-items-admin.repository';
import { AdminContentItemsService } from '../content-items-admin.service';
import type { SetContentTierDto } from '../../../access/dto/set-content-tier.dto';
import { ContentPublicViews } from '../../../content-public-views.service';

/**
 * POST /api/admin/content-items/:id/tier `{ tier: basic | premium | null }`: sets the item's own
 * tier rule (it wins over the series' rule), or removes it with null (the item follows its series
 * again). Under the item's row lock; one rule per item (content_tier_rules_item_key).
 */
@Service()
export class SetContentItemTierUseCase {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly rules: ContentTierRulesRepository,
    private readonly items: AdminContentItemsRepository,
    private readonly reads: AdminContentItemsService,
  ) {}

  execute(admin: AdminActor, id: number, input: SetContentTierDto): Promise<AdminItemView> {
    return this.publicViews.transaction(async (tx) => {
      const item = await this.items.requireItem(id, tx, true);
      await this.rules.set({ itemId: item.id }, input.tier, admin, tx);
      item.updatedByAdminId = admin.id;
      item.changed('updatedAt', true);
      await item.save({ transaction: tx });
      return this.reads.view(item, tx);
    });
  }
}
