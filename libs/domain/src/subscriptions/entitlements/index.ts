export { EntitlementService, CONTENT_TIERS, contentTiersReadableWith } from './entitlements.service';
export type { ContentTier, Entitlements, EntitlementWindow, Interval } from './entitlements.service';
export { EntitlementCache } from './entitlement-cache';
export { SubscriptionFeatureKeysService } from './feature-keys.service';
