export { CustomerSubscriptionsService } from './customer-subscriptions.service';
export { AdminSubscriptionsService, SUBSCRIPTION_UNPAGINATED_LIMIT } from './admin-subscriptions.service';
export { SubscriptionAnalyticsService } from './subscription-analytics.service';
export type { SubscriptionAnalyticsView, SubscriptionMetrics } from './subscription-analytics.service';
export type { AdminSubscriptionDetailView, AdminSubscriptionListItemView, SubscriptionUserView } from './admin-subscription.views';
export { AdminSubscriptionQueryDto, SubscriptionAnalyticsQueryDto, ADMIN_SUBSCRIPTION_SORTS } from './dto/admin-subscription-query.dto';
export type { AdminSubscriptionSort } from './dto/admin-subscription-query.dto';
