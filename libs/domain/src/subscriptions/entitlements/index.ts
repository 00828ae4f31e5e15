export { EntitlementService, CONTENT_TIERS, contentTiersReadableWith, contentTiersSatisfying } from './entitlements.service';
export type { ContentTier, ContentTierHolder, Entitlements, EntitlementWindow, Interval } from './entitlements.service';
export { CONTENT_TIER_HOLDER_SORTS, ContentTierHoldersService } from './content-tier-holders.service';
export type { ContentTierHolderSearch, ContentTierHolderSort } from './content-tier-holders.service';
export { EntitlementCache } from './entitlement-cache';
export { SubscriptionFeatureKeysService } from './feature-keys.service';
