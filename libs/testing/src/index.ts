export { TEST_ENV, testEnv } from './test-environment';
export {
  sharedInfrastructure,
  isolatedInfrastructure,
  closeTestInfrastructure,
  closeSharedInfrastructure,
} from './shared-infrastructure';
export { buildTestApp, eventually, testContainer } from './test-apps';
export type { TestApp } from './test-apps';
export { createCustomer, adminToken, customerToken, invalidTokenCases, refusedTokenCode, uniqueEmail } from './factories';
export type { TestCustomer } from './factories';
export { TcpProxy } from './tcp-proxy';
export { startStubGateway, unusedAddress } from './stub-gateway';
export { describeOperations } from './operations-suite';
export { describeAdminRouteAccess } from './admin-route-access';
export type { AdminRoute, AdminRouteAccessOptions } from './admin-route-access';
export { createCourse, createDigitalBook, createTrainingProduct, createPromotion, grantAccess } from './catalog-factories';
export type { TestCourse, ProductOptions } from './catalog-factories';
export { pngBytes, jpegBytes, pdfBytes, mp4Bytes, mp4Header, exeBytes } from './upload-fixtures';
export { startS3Server, type TestS3Server, type TestS3ServerOptions } from './s3-server';
export { s3StorageEnv } from './s3-storage-env';
export { createOrder, forceOrderStatus } from './commerce-factories';
export { createPendingPayment, settlePayment } from './payment-factories';
export { launchChromium, chromiumPath, CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT } from './chromium';
export type { TestBrowser } from './chromium';
export { createCart, expireCart, type CartOptions } from './cart-factories';
export { orderEvents } from './notification-events';
export { createSubscriptionCatalog, createSubscription } from './subscription-factories';
export type { TestSubscriptionCatalog } from './subscription-factories';
export { startOrderLifecycleApp, orderInStatus } from './order-lifecycle-fixtures';
export { loadMarketFiles, marketPrefix } from './market-factories';
export type { MarketFiles } from './market-factories';
export { createTraining } from './training-factories';
export type { TestTraining, TrainingOptions } from './training-factories';
export { createWaitlistHold } from './training-waitlist-factories';
export type { WaitlistHoldOptions } from './training-waitlist-factories';
export { createEnrollment } from './training-enrollment-factories';
export type { EnrollmentFixture, EnrollmentFixtureOptions } from './training-enrollment-factories';
export { captureRealtime } from './realtime-capture';
export type { CapturedRealtimeEvent, RealtimeCapture } from './realtime-capture';
export { createChannel } from './channel-factories';
export type { ChannelOptions } from './channel-factories';
export { createChannelPost } from './channel-post-factories';
export type { ChannelPostOptions, ChannelPostAttachmentOptions, TestChannelPost } from './channel-post-factories';
export { createChannelMembership } from './channel-membership-factories';
export type { ChannelMembershipOptions } from './channel-membership-factories';
export { banFromDiscussion, createDiscussionMessage, discussionOf, muteInDiscussion } from './discussion-factories';
export type { DiscussionMessageOptions, DiscussionSettings } from './discussion-factories';
export { createContentCategory, createContentItem, createContentSeries, createContentTag } from './content-factories';
export type { ContentItemOptions, ContentSeriesOptions } from './content-factories';
