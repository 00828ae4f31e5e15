import { AdminModel } from './admin.model';
import { CartItemModel } from './cart-item.model';
import { CartModel } from './cart.model';
import { IdempotencyKeyModel } from './idempotency-key.model';
import { OrderItemModel } from './order-item.model';
import { OrderStatusHistoryModel } from './order-status-history.model';
import { OrderModel } from './order.model';
import { PaymentModel } from './payment.model';
import { PaymentCallbackModel } from './payment-callback.model';
import { CourseTopicModel } from './course-topic.model';
import { CourseModel } from './course.model';
import { CustomerUploadModel } from './customer-upload.model';
import { DigitalBookModel } from './digital-book.model';
import { LessonModel } from './lesson.model';
import { ProductAccessModel } from './product-access.model';
import { ProductSlugHistoryModel } from './product-slug-history.model';
import { ProductModel } from './product.model';
import { PromotionRedemptionModel } from './promotion-redemption.model';
import { PromotionModel } from './promotion.model';
import { RefreshTokenModel } from './refresh-token.model';
import { UserModel } from './user.model';
import { OrderNoteModel } from './order-note.model';
import { OrderAsyncRequestModel } from './order-async-request.model';
import { NotificationEventModel } from './notification-event.model';
import { NotificationDeliveryModel } from './notification-delivery.model';
import { NotificationModel } from './notification.model';
import { PushDeviceModel } from './push-device.model';
import { SubscriptionModuleModel } from './subscription-module.model';
import { SubscriptionTierModel } from './subscription-tier.model';
import { SubscriptionPlanModel } from './subscription-plan.model';
import { SubscriptionPlanPriceModel } from './subscription-plan-price.model';
import { SubscriptionPlanFeatureModel } from './subscription-plan-feature.model';
import { SubscriptionModel } from './subscription.model';
import { SubscriptionHistoryModel } from './subscription-history.model';
import { CourseProgressModel } from './course-progress.model';
import { WatchEventModel } from './watch-event.model';
import { TrainingModel } from './training.model';
import { TrainingSessionModel } from './training-session.model';
import { TrainingCohortModel } from './training-cohort.model';
import { TrainingCohortSessionModel } from './training-cohort-session.model';
import { TrainingEnrollmentFormConfigModel } from './training-enrollment-form-config.model';
import { TrainingWaitlistEntryModel } from './training-waitlist-entry.model';
import { TrainingEnrollmentModel } from './training-enrollment.model';
import { TrainingEnrollmentHistoryModel } from './training-enrollment-history.model';
import { ChannelModel } from './channel.model';
import { ChannelAccessPolicyModel } from './channel-access-policy.model';
import { ChannelPostModel } from './channel-post.model';
import { ChannelPostAttachmentModel } from './channel-post-attachment.model';
import { ChannelDiscussionModel } from './channel-discussion.model';
import { ChannelMembershipModel } from './channel-membership.model';
import { ChannelReadStateModel } from './channel-read-state.model';
import { DiscussionMessageModel } from './discussion-message.model';
import { DiscussionBanModel } from './discussion-ban.model';
import { DiscussionMuteModel } from './discussion-mute.model';
import { DiscussionModerationActionModel } from './discussion-moderation-action.model';
import { ContentCategoryModel } from './content-category.model';
import { ContentTagModel } from './content-tag.model';
import { ContentSeriesModel } from './content-series.model';
import { ContentSeriesSlugHistoryModel } from './content-series-slug-history.model';
import { ContentItemModel } from './content-item.model';
import { ContentItemSlugHistoryModel } from './content-item-slug-history.model';
import { ContentItemTagModel } from './content-item-tag.model';
import { ContentTierRuleModel } from './content-tier-rule.model';
import { ContentFeaturedModel } from './content-featured.model';

export {
  AdminModel,
  ChannelModel,
  ChannelAccessPolicyModel,
  ChannelPostModel,
  ChannelPostAttachmentModel,
  ChannelDiscussionModel,
  ChannelMembershipModel,
  ChannelReadStateModel,
  DiscussionMessageModel,
  DiscussionBanModel,
  DiscussionMuteModel,
  DiscussionModerationActionModel,
  ContentCategoryModel,
  ContentTagModel,
  ContentSeriesModel,
  ContentSeriesSlugHistoryModel,
  ContentItemModel,
  ContentItemSlugHistoryModel,
  ContentItemTagModel,
  ContentTierRuleModel,
  ContentFeaturedModel,
  CartItemModel,
  CartModel,
  IdempotencyKeyModel,
  OrderItemModel,
  OrderModel,
  OrderStatusHistoryModel,
  PaymentModel,
  PaymentCallbackModel,
  CourseModel,
  CourseTopicModel,
  CustomerUploadModel,
  DigitalBookModel,
  LessonModel,
  ProductAccessModel,
  ProductModel,
  ProductSlugHistoryModel,
  PromotionModel,
  PromotionRedemptionModel,
  RefreshTokenModel,
  UserModel,
  OrderNoteModel,
  OrderAsyncRequestModel,
  NotificationEventModel,
  NotificationDeliveryModel,
  NotificationModel,
  PushDeviceModel,
  SubscriptionModuleModel,
  SubscriptionTierModel,
  SubscriptionPlanModel,
  SubscriptionPlanPriceModel,
  SubscriptionPlanFeatureModel,
  SubscriptionModel,
  SubscriptionHistoryModel,
  CourseProgressModel,
  WatchEventModel,
  TrainingModel,
  TrainingSessionModel,
  TrainingCohortModel,
  TrainingCohortSessionModel,
  TrainingEnrollmentFormConfigModel,
  TrainingWaitlistEntryModel,
  TrainingEnrollmentModel,
  TrainingEnrollmentHistoryModel,
};
export { DISCUSSION_AUTHOR_TYPES } from './discussion-message.model';
export { CONTENT_SERIES_STATUSES } from './content-series.model';
export type { ContentSeriesStatus } from './content-series.model';
export { CONTENT_ITEM_STATUSES } from './content-item.model';
export type { ContentItemStatus } from './content-item.model';
export type { DiscussionAuthorType } from './discussion-message.model';
export { DISCUSSION_MODERATION_ACTIONS } from './discussion-moderation-action.model';
export type { DiscussionModerationActionName, DiscussionSettingsChanges } from './discussion-moderation-action.model';
export { TRAINING_STATUSES, TRAINING_ACCESS_TYPES, TRAINING_SEARCH_CONFIG } from './training.model';
export type { TrainingStatus } from './training.model';
export { TRAINING_SESSION_TYPES, TRAINING_SESSION_STATUSES } from './training-session.model';
export type { TrainingSessionType, TrainingSessionStatus } from './training-session.model';
export { TRAINING_COHORT_STATUSES } from './training-cohort.model';
export type { TrainingCohortStatus } from './training-cohort.model';
export { TRAINING_FORM_FIELD_TYPES } from './training-enrollment-form-config.model';
export type { TrainingFormField, TrainingFormFieldType } from './training-enrollment-form-config.model';
export { TRAINING_WAITLIST_STATUSES } from './training-waitlist-entry.model';
export type { TrainingWaitlistStatus } from './training-waitlist-entry.model';
export { TRAINING_ENROLLMENT_STATUSES } from './training-enrollment.model';
export type { TrainingEnrollmentActorType } from './training-enrollment-history.model';
export type { TrainingEnrollmentStatus } from './training-enrollment.model';
export { SUBSCRIPTION_STORED_STATUSES, SUBSCRIPTION_SOURCES } from './subscription.model';
export type { SubscriptionStoredStatus, SubscriptionSource } from './subscription.model';
export { SUBSCRIPTION_HISTORY_ACTIONS } from './subscription-history.model';
export type { SubscriptionHistoryAction, SubscriptionActorType } from './subscription-history.model';
export { WATCH_EVENT_TYPES } from './watch-event.model';
export type { WatchEventType } from './watch-event.model';
export { PRODUCT_TYPES } from './product.model';
export type { ProductType } from './product.model';
export type { AccessType } from './product-access.model';
export type { DiscountType } from './promotion.model';
export { CART_STATUSES } from './cart.model';
export type { CartStatus } from './cart.model';
export { ORDER_STATUSES } from './order.model';
export type { OrderStatus, OrderType, OrderSource, RefundStatus } from './order.model';
export { ORDER_ASYNC_REQUEST_KINDS, ORDER_ASYNC_REQUEST_STATUSES } from './order-async-request.model';
export type { OrderAsyncRequestKind, OrderAsyncRequestStatus } from './order-async-request.model';
export type { NotificationAudience } from './notification-event.model';
export { NOTIFICATION_CHANNELS } from './notification-delivery.model';
export type { NotificationChannel, NotificationDeliveryStatus } from './notification-delivery.model';
export type { PushPlatform } from './push-device.model';
export type { OrderActorType } from './order-status-history.model';
export type { PaymentGateway, PaymentStatus } from './payment.model';
export type { PaymentCallbackOutcome } from './payment-callback.model';
export type { IdempotencyScope } from './idempotency-key.model';
export { CHANNEL_KINDS, CHANNEL_ACCESS_POLICIES, CHANNEL_VISIBILITIES, CHANNEL_STATUSES } from './channel.model';
export type { ChannelKind, ChannelAccessPolicy, ChannelVisibility, ChannelStatus } from './channel.model';
export { CHANNEL_HISTORY_POLICIES } from './channel-access-policy.model';
export type { ChannelHistoryPolicy } from './channel-access-policy.model';
export { CHANNEL_POST_TYPES } from './channel-post.model';
export type { ChannelPostType } from './channel-post.model';

/** Models grouped by bounded context. */
export const identityModels = [UserModel, AdminModel, RefreshTokenModel];
export const catalogModels = [
  ProductModel,
  ProductSlugHistoryModel,
  CourseModel,
  CourseTopicModel,
  LessonModel,
  DigitalBookModel,
  PromotionModel,
  PromotionRedemptionModel,
  ProductAccessModel,
];

export const uploadModels = [CustomerUploadModel];
export const commerceModels = [
  CartModel,
  CartItemModel,
  OrderModel,
  OrderItemModel,
  OrderStatusHistoryModel,
  PaymentModel,
  PaymentCallbackModel,
  IdempotencyKeyModel,
  OrderNoteModel,
  OrderAsyncRequestModel,
];
export const notificationModels = [NotificationEventModel, NotificationDeliveryModel, NotificationModel, PushDeviceModel];
export const subscriptionModels = [
  SubscriptionModuleModel,
  SubscriptionTierModel,
  SubscriptionPlanModel,
  SubscriptionPlanPriceModel,
  SubscriptionPlanFeatureModel,
  SubscriptionModel,
  SubscriptionHistoryModel,
];

export const progressModels = [CourseProgressModel, WatchEventModel];
export const trainingModels = [
  TrainingModel,
  TrainingSessionModel,
  TrainingCohortModel,
  TrainingCohortSessionModel,
  TrainingEnrollmentFormConfigModel,
  TrainingWaitlistEntryModel,
  TrainingEnrollmentModel,
  TrainingEnrollmentHistoryModel,
];
export const channelModels = [
  ChannelModel,
  ChannelAccessPolicyModel,
  ChannelPostModel,
  ChannelPostAttachmentModel,
  ChannelDiscussionModel,
  ChannelMembershipModel,
  ChannelReadStateModel,
  DiscussionMessageModel,
  DiscussionBanModel,
  DiscussionMuteModel,
  DiscussionModerationActionModel,
];
export const contentModels = [
  ContentCategoryModel,
  ContentTagModel,
  ContentSeriesModel,
  ContentSeriesSlugHistoryModel,
  ContentItemModel,
  ContentItemSlugHistoryModel,
  ContentItemTagModel,
  ContentTierRuleModel,
  ContentFeaturedModel,
];

/** Every model. Sequelize binds a model class to one connection, so a process registers them once. */
export const ALL_MODELS = [...identityModels, ...catalogModels, ...uploadModels, ...commerceModels, ...notificationModels, ...subscriptionModels, ...progressModels, ...trainingModels, ...channelModels, ...contentModels];
