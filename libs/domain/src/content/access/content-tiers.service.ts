import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { ContentTierRuleModel, Database, Transaction } from '@platform/db';
import type { ContentTier } from '../../subscriptions';

/** SQL for the effective tier of `content_items` aliased `i`: join these, then select EFFECTIVE_TIER_SQL. */
export const EFFECTIVE_TIER_JOINS = `
  LEFT JOIN content_tier_rules item_rule ON item_rule.item_id = i.id
  LEFT JOIN content_tier_rules series_rule ON series_rule.series_id = i.series_id`;
/** The item's rule wins over its series' rule; null at both: free. */
export const EFFECTIVE_TIER_SQL = 'coalesce(item_rule.tier, series_rule.tier)';

/** An item's tiers: the one it requires, and its own rule (admins see which level decides). */
export interface ItemTiers {
  tier: ContentTier | null;
  itemTier: ContentTier | null;
}

/**
 * The tier an item requires (community-content-uploads.md "Newsletter content"): its own rule if
 * it has one, else its series' rule, else none (free). Views, `/full`, lists and filters all take
 * it from EFFECTIVE_TIER_SQL, here for a page of items and inline in the list queries.
 */
@Service()
export class ContentTiersService {
  constructor(private readonly db: Database) {}

  /** Each item's tiers (every item asked for is in the map; an unknown id is free). */
  async ofItems(itemIds: readonly number[], tx?: Transaction): Promise<Map<number, ItemTiers>> {
    const tiers = new Map<number, ItemTiers>(itemIds.map((id) => [id, { tier: null, itemTier: null }]));
    if (itemIds.length === 0) return tiers;
    const rows = await this.db.sequelize.query<{ itemId: number } & ItemTiers>(
      `SELECT i.id AS "itemId", ${EFFECTIVE_TIER_SQL} AS tier, item_rule.tier AS "itemTier"
         FROM content_items i ${EFFECTIVE_TIER_JOINS}
        WHERE i.id IN (:itemIds)`,
      { replacements: { itemIds: [...itemIds] }, type: QueryTypes.SELECT, transaction: tx },
    );
    for (const row of rows) tiers.set(row.itemId, { tier: row.tier, itemTier: row.itemTier });
    return tiers;
  }

  /** Each series' own rule, for the series that have one (the others are absent: free). */
  async ofSeries(seriesIds: readonly number[], tx?: Transaction): Promise<Map<number, ContentTier>> {
    if (seriesIds.length === 0) return new Map();
    const rules = await ContentTierRuleModel.findAll({ where: { seriesId: [...seriesIds] }, transaction: tx });
    return new Map(rules.map((rule) => [rule.seriesId as number, rule.tier]));
  }
}
