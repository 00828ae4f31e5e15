import { createHttpApp, HttpApp, serveLocalUploads } from '@platform/http';
import { createAppContainer, Infrastructure } from '@platform/runtime';
import { CustomerAuthController } from './auth/customer-auth.controller';
import { CartController } from './cart/cart.controller';
import { HeartbeatController } from './progress/heartbeat.controller';
import { LessonProgressController } from './progress/lesson-progress.controller';
import { StorefrontCoursesController } from './catalog/storefront-courses.controller';
import { LibraryController } from './library/library.controller';
import { NotificationsController } from './notifications/notifications.controller';
import { PushDevicesController } from './notifications/push-devices.controller';
import { CheckoutController } from './orders/checkout.controller';
import { OrderLifecycleController } from './orders/order-lifecycle.controller';
import { OrdersReadController } from './orders/orders-read.controller';
import { mountPaymentCallbackBodies } from './payments/payment-callback-body';
import { PaymentCallbacksController } from './payments/payment-callbacks.controller';
import { PaymentResultController } from './payments/payment-result.controller';
import { PaymentStatusController } from './payments/payment-status.controller';
import { PromotionsController } from './promotions/promotions.controller';
import { SubscriptionCatalogController } from './subscriptions/subscription-catalog.controller';
import { SubscriptionTrialController } from './subscriptions/subscription-trial.controller';
import { SubscriptionsReadController } from './subscriptions/subscriptions-read.controller';
import { MobileUploadsController } from './uploads/mobile-uploads.controller';
import { TrainingDiscoveryController } from './training/training-discovery.controller';
import { TrainingEnrollController } from './training/enroll/training-enroll.controller';
import { TrainingEnrollmentsController } from './training/enrollments/training-enrollments.controller';
import { SessionContentController } from './training/playback/session-content.controller';
import { TrainingPlaybackController } from './training/playback/training-playback.controller';
import { TrainingWaitlistController } from './training/waitlist/training-waitlist.controller';
import { ChannelMembershipController } from './channels/membership/channel-membership.controller';
import { MobileChannelPostsController, MobileChannelsController } from './channels/mobile-channels.controller';
import { MobileDiscussionController, MobileDiscussionMessagesController } from './channels/discussion/mobile-discussion.controller';
import { ContentFeaturedController } from './content/featured/content-featured.controller';
import { ContentReadersController } from './content/content-readers.controller';
import { ContentLibraryController } from './content/content-library.controller';
import { NewsletterUnsubscribeController } from './content/newsletter/newsletter-unsubscribe.controller';
import { mountNewsletterUnsubscribeBodies } from './content/newsletter/newsletter-unsubscribe-bodies';

export const CUSTOMER_API_CONTROLLERS = [
  CustomerAuthController,
  StorefrontCoursesController,
  HeartbeatController,
  // Its routes have four or five segments: never taken for /api/courses/:slug (three).
  LessonProgressController,
  LibraryController,
  PromotionsController,
  CartController,
  CheckoutController,
  OrderLifecycleController,
  OrdersReadController,
  PaymentCallbacksController,
  PaymentResultController,
  PaymentStatusController,
  MobileUploadsController,
  NotificationsController,
  PushDevicesController,
  // First among the subscription controllers: its /modules and /plans must not be taken for /:id.
  SubscriptionCatalogController,
  SubscriptionTrialController,
  // Last among the subscription controllers: GET /api/subscriptions/modules and /plans (catalog) must be
  // registered before GET /api/subscriptions/:id, which would otherwise take them for an id.
  SubscriptionsReadController,
  TrainingDiscoveryController,
  TrainingEnrollController,
  TrainingEnrollmentsController,
  SessionContentController,
  TrainingPlaybackController,
  TrainingWaitlistController,
  ChannelMembershipController,
  MobileChannelsController,
  MobileChannelPostsController,
  MobileDiscussionController,
  MobileDiscussionMessagesController,
  ContentFeaturedController,
  // Item slugs exclude `featured` in their route pattern: registered before or after the featured controller alike.
  ContentReadersController,
  ContentLibraryController,
  NewsletterUnsubscribeController,
];

/** Composition root of customer-api: web (`/api/...`) and mobile (`/api/mobile/...`) routes. */
export function createCustomerApi(infra: Infrastructure): HttpApp {
  return createHttpApp({
    name: 'customer-api',
    infra,
    container: createAppContainer('customer-api', infra),
    controllers: CUSTOMER_API_CONTROLLERS,
    configure: (app) => {
      mountPaymentCallbackBodies(app);
      mountNewsletterUnsubscribeBodies(app);
      serveLocalUploads(app, infra.config.storage);
    },
    openapi: { title: 'Customer API', description: 'Web (/api) and mobile (/api/mobile) routes for customers.' },
  });
}
