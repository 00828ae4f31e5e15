import { Service } from 'typedi';
import { ContentTierRuleModel, Database, Transaction } from '@platform/db';
import { AdminActor, Clock } from '../../shared';
import type { ContentTier } from '../../subscriptions';

/** What a rule is set on: a series, or an item (whose rule wins over its series'). */
export type TierRuleTarget = { seriesId: number } | { itemId: number };

/**
 * The one writer of content_tier_rules (POST .../content-series/:id/tier and .../content-items/:id/tier):
 * `basic` or `premium` upserts the target's rule (one per target: content_tier_rules_series_key,
 * _item_key), `null` removes it. The caller holds the target's row lock.
 */
@Service()
export class ContentTierRulesRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async set(target: TierRuleTarget, tier: ContentTier | null, admin: AdminActor, tx: Transaction): Promise<void> {
    if (tier === null) {
      await ContentTierRuleModel.destroy({ where: target, transaction: tx });
      return;
    }
    const column = 'seriesId' in target ? 'series_id' : 'item_id';
    await this.db.sequelize.query(
      `INSERT INTO content_tier_rules (${column}, tier, set_by_admin_id, created_at, updated_at)
       VALUES (:targetId, :tier, :adminId, :now, :now)
       ON CONFLICT (${column}) DO UPDATE SET tier = EXCLUDED.tier, set_by_admin_id = EXCLUDED.set_by_admin_id, updated_at = EXCLUDED.updated_at`,
      {
        replacements: { targetId: 'seriesId' in target ? target.seriesId : target.itemId, tier, adminId: admin.id, now: this.clock.now() },
        transaction: tx,
      },
    );
  }
}
