import type { Migration } from './migration';
import identity from './0001-identity';
import catalog from './0002-catalog';
import customerUploads from './0003-customer-uploads';
import commerce from './0004-commerce';
import paymentCallbacks from './0005-payment-callbacks';
import orderLifecycle from './0006-order-lifecycle';
import subscriptions from './0007-subscriptions';
import videoProgress from './0008-video-progress';
import marketData from './0009-market-data';
import portfolios from './0010-portfolios';
import portfolioTransactionOrder from './0011-portfolio-transaction-order';
import sharedIdempotencyKeys from './0012-shared-idempotency-keys';
import orderStatusWritesGuarded from './0013-order-status-writes-guarded';
import trainings from './0014-trainings';
import trainingEnrollmentFlow from './0015-training-enrollment-flow';
import channels from './0016-channels';
import channelMembers from './0017-channel-members';
import channelDiscussions from './0018-channel-discussions';
import newsletterContent from './0019-newsletter-content';
import newsletterDelivery from './0020-newsletter-delivery';

/** Every migration, in order. Listed explicitly so bundled builds carry them. */
export const MIGRATIONS: Migration[] = [identity, catalog, customerUploads, commerce, paymentCallbacks, orderLifecycle, subscriptions, videoProgress, marketData, portfolios, portfolioTransactionOrder, sharedIdempotencyKeys, orderStatusWritesGuarded, trainings, trainingEnrollmentFlow, channels, channelMembers, channelDiscussions, newsletterContent, newsletterDelivery];
