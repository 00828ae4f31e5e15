export * from './subscription.views';
export { SubscriptionReader, SUBSCRIPTION_COLUMNS, SUBSCRIPTION_FROM, isUuid } from './subscription-reader';
export { SUBSCRIPTION_VIEW_SCHEMAS } from './subscription-view.schema';
