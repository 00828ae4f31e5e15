export { ContentTiersService, EFFECTIVE_TIER_JOINS, EFFECTIVE_TIER_SQL } from './content-tiers.service';
export type { ItemTiers } from './content-tiers.service';
export { ContentAccessService } from './content-access.service';
export type { ContentDecision } from './content-access.service';
export { ContentTierRulesRepository } from './content-tier-rules.repository';
export type { TierRuleTarget } from './content-tier-rules.repository';
export { SetContentTierDto } from './dto/set-content-tier.dto';
