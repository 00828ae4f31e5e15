export * from './subscriptions.errors';
export * from './subscription-status';
export * from './entitlements';
export * from './views';
export { SubscriptionJournal } from './lifecycle/subscription-journal';
export type { SubscriptionActor, SubscriptionChange } from './lifecycle/subscription-journal';
