import { DomainError } from '../shared';

/** CONTRACT section 4: the SUBSCRIPTION_* codes and their statuses (libs/http/src/errors/http-status.ts). */
export const SubscriptionNotFound = () => new DomainError('SUBSCRIPTION_NOT_FOUND', 'Subscription not found');
export const SubscriptionModuleNotFound = () => new DomainError('SUBSCRIPTION_MODULE_NOT_FOUND', 'Subscription module not found');
export const SubscriptionTierNotFound = () => new DomainError('SUBSCRIPTION_TIER_NOT_FOUND', 'Subscription tier not found');
export const SubscriptionPlanNotFound = () => new DomainError('SUBSCRIPTION_PLAN_NOT_FOUND', 'Subscription plan not found');
export const SubscriptionPriceNotFound = () => new DomainError('SUBSCRIPTION_PRICE_NOT_FOUND', 'Subscription plan price not found');
export const SubscriptionFeatureNotFound = () => new DomainError('SUBSCRIPTION_FEATURE_NOT_FOUND', 'Subscription plan feature not found');

export const SubscriptionPlanExists = () => new DomainError('SUBSCRIPTION_PLAN_EXISTS', 'This tier already has a plan');
export const SubscriptionPriceInvalid = (message = 'spNpr must not be greater than mrpNpr') => new DomainError('SUBSCRIPTION_PRICE_INVALID', message);
export const SubscriptionFeatureKeyDuplicate = (featureKey: string) =>
  new DomainError('SUBSCRIPTION_FEATURE_KEY_DUPLICATE', `The plan already has a feature with key ${featureKey}`);

export const SubscriptionTrialNotAvailable = (reason: string) => new DomainError('SUBSCRIPTION_TRIAL_NOT_AVAILABLE', reason);
export const SubscriptionTrialAlreadyUsed = () =>
  new DomainError('SUBSCRIPTION_TRIAL_ALREADY_USED', 'You have already used the trial of this module');
export const SubscriptionAlreadyActive = (message = 'An active or trial subscription of this module already exists') =>
  new DomainError('SUBSCRIPTION_ALREADY_ACTIVE', message);
export const SubscriptionGrantInvalid = (message = 'planPriceId or customEndDate is required') => new DomainError('SUBSCRIPTION_GRANT_INVALID', message);
export const SubscriptionExtendInvalid = (message = 'durationDays or newEndDate is required') => new DomainError('SUBSCRIPTION_EXTEND_INVALID', message);

/** A catalog row still referenced (by subscriptions or by child rows): refused rather than cascaded. */
export const SubscriptionCatalogInUse = (message: string) => new DomainError('CONFLICT', message);
