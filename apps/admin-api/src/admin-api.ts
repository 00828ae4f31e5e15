import { createHttpApp, HttpApp, serveLocalUploads } from '@platform/http';
import { createAppContainer, Infrastructure } from '@platform/runtime';
import { AdminAuthController } from './auth/admin-auth.controller';
import { AdminCartController } from './cart/admin-cart.controller';
import { AdminChannelsController } from './channels/admin-channels.controller';
import { AdminChannelPostsController } from './channels/admin-channel-posts.controller';
import { AdminChannelDiscussionController } from './channels/discussion/admin-channel-discussion.controller';
import { AdminDiscussionMessagesController } from './channels/discussion/admin-discussion-messages.controller';
import { AdminDiscussionModerationController } from './channels/discussion/admin-discussion-moderation.controller';
import { AdminCourseTrailersController } from './catalog/courses/admin-course-trailers.controller';
import { AdminCoursesController } from './catalog/courses/admin-courses.controller';
import { AdminCurriculumController } from './catalog/courses/admin-curriculum.controller';
import { AdminDigitalBooksController } from './catalog/digital-books/admin-digital-books.controller';
import { AdminOrderCommandsController } from './orders/admin-order-commands.controller';
import { AdminOrdersController } from './orders/admin-orders.controller';
import { AdminPromotionsController } from './promotions/admin-promotions.controller';
import { AdminSubscriptionCommandsController } from './subscriptions/admin-subscription-commands.controller';
import { AdminSubscriptionsReadController } from './subscriptions/admin-subscriptions-read.controller';
import { AdminSubscriptionModulesController } from './subscriptions/catalog/admin-subscription-modules.controller';
import { AdminSubscriptionPlanFeaturesController } from './subscriptions/catalog/admin-subscription-plan-features.controller';
import { AdminSubscriptionPlanPricesController } from './subscriptions/catalog/admin-subscription-plan-prices.controller';
import { AdminSubscriptionPlansController } from './subscriptions/catalog/admin-subscription-plans.controller';
import { AdminSubscriptionTiersController } from './subscriptions/catalog/admin-subscription-tiers.controller';
import { AdminTrainingEnrollmentsController } from './training/enrollments/admin-training-enrollments.controller';
import { AdminTrainingCohortsController } from './training/cohorts/admin-training-cohorts.controller';
import { AdminTrainingWaitlistController } from './training/cohorts/admin-training-waitlist.controller';
import { AdminTrainingFormConfigController } from './training/form-config/admin-training-form-config.controller';
import { AdminTrainingSessionsController } from './training/sessions/admin-training-sessions.controller';
import { AdminTrainingTrailersController } from './training/trainings/admin-training-trailers.controller';
import { AdminTrainingsController } from './training/trainings/admin-trainings.controller';
import { AdminUploadsController } from './uploads/admin-uploads.controller';
import { AdminContentFeaturedController } from './content/featured/admin-content-featured.controller';
import { AdminContentSeriesController } from './content/series/admin-content-series.controller';
import { AdminContentCategoriesController } from './content/labels/admin-content-categories.controller';
import { AdminContentTagsController } from './content/labels/admin-content-tags.controller';
import { AdminContentItemsController } from './content/items/admin-content-items.controller';
import { AdminContentDeliveryController } from './content/delivery/admin-content-delivery.controller';
import { AdminContentSubscribersController } from './content/subscribers/admin-content-subscribers.controller';

export const ADMIN_API_CONTROLLERS = [
  AdminAuthController,
  AdminCoursesController,
  AdminCourseTrailersController,
  AdminCurriculumController,
  AdminDigitalBooksController,
  AdminPromotionsController,
  AdminCartController,
  AdminOrderCommandsController,
  AdminOrdersController,
  AdminUploadsController,
  AdminSubscriptionModulesController,
  AdminSubscriptionTiersController,
  AdminSubscriptionPlansController,
  AdminSubscriptionPlanPricesController,
  AdminSubscriptionPlanFeaturesController,
  AdminSubscriptionCommandsController,
  AdminSubscriptionsReadController,
  AdminTrainingEnrollmentsController,
  AdminTrainingSessionsController,
  AdminTrainingCohortsController,
  AdminTrainingWaitlistController,
  AdminTrainingFormConfigController,
  AdminTrainingsController,
  AdminTrainingTrailersController,
  AdminChannelsController,
  AdminChannelPostsController,
  AdminChannelDiscussionController,
  AdminDiscussionModerationController,
  AdminDiscussionMessagesController,
  AdminContentFeaturedController,
  AdminContentSeriesController,
  AdminContentCategoriesController,
  AdminContentTagsController,
  AdminContentItemsController,
  AdminContentDeliveryController,
  AdminContentSubscribersController,
];

/** Composition root of admin-api: every `/api/admin/...` route and admin uploads. */
export function createAdminApi(infra: Infrastructure): HttpApp {
  return createHttpApp({
    name: 'admin-api',
    infra,
    container: createAppContainer('admin-api', infra),
    controllers: ADMIN_API_CONTROLLERS,
    configure: (app) => serveLocalUploads(app, infra.config.storage),
    openapi: { title: 'Admin API', description: 'Back-office routes: catalog, training, orders, subscriptions, channels, content, uploads.' },
  });
}
