import { SUBSCRIPTION_SOURCES } from '@platform/db';
import { SUBSCRIPTION_STATUSES } from '../subscription-status';

/**
 * JSON schema of SubscriptionDetailView (views/subscription.views.ts) for the OpenAPI documents:
 * what every subscription command answers.
 */
const time = (description?: string) => ({ type: 'string', format: 'date-time', nullable: true, description });
const ref = { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, slug: { type: 'string' } } };
const price = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    label: { type: 'string' },
    durationDays: { type: 'integer' },
    mrpNpr: { type: 'number' },
    spNpr: { type: 'number' },
    isBase: { type: 'boolean' },
    isFeatured: { type: 'boolean' },
    isActive: { type: 'boolean' },
    displayOrder: { type: 'integer' },
  },
};

export const SUBSCRIPTION_DETAIL_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    userId: { type: 'string', format: 'uuid' },
    status: {
      type: 'string',
      enum: [...SUBSCRIPTION_STATUSES],
      description:
        'computed at read time: pending_payment (purchase awaiting payment, no window), scheduled (active, starts later), ' +
        'trial / active (inside [startDate, endDate)), expired (trial or active past endDate), revoked, payment_failed',
    },
    source: { type: 'string', enum: [...SUBSCRIPTION_SOURCES] },
    isActive: { type: 'boolean', description: 'gives access now: trial or active with startDate ≤ now < endDate' },
    startDate: time('window start; null while pending_payment or payment_failed'),
    endDate: time('window end (exclusive); null while pending_payment or payment_failed'),
    revokedAt: time(),
    valueNpr: {
      type: 'number',
      description:
        'revenue-equivalent in NPR (analytics): the price paid for a purchase; for an admin grant the spNpr of its ' +
        'planPriceId, or without one the plan\'s base price prorated (spNpr × window days / durationDays, 2 decimals; 0 ' +
        'without a base price); 0 for a trial',
    },
    planPriceId: { type: 'string', format: 'uuid', nullable: true },
    convertedFromId: { type: 'string', format: 'uuid', nullable: true, description: 'the trial this subscription converted (ended when it started)' },
    module: ref,
    plan: {
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' }, tierId: { type: 'string' }, tierName: { type: 'string' }, tierSlug: { type: 'string' } },
    },
    tier: { type: 'object', properties: { ...ref.properties, parentTierId: { type: 'string', nullable: true } } },
    prices: { type: 'array', items: price, description: "the plan's active prices" },
    features: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          featureKey: { type: 'string' },
          featureText: { type: 'string' },
          featureDetails: { type: 'string', nullable: true },
          value: { type: 'string', nullable: true },
          icon: { type: 'string', nullable: true },
          displayOrder: { type: 'integer' },
          enabled: { type: 'boolean' },
        },
      },
    },
    price: { ...price, nullable: true, description: 'the price it was bought or granted at' },
    history: {
      type: 'array',
      description: 'append-only, oldest first',
      items: {
        type: 'object',
        properties: {
          action: { type: 'string', enum: ['trial_started', 'granted', 'extended', 'revoked', 'converted', 'purchase_created', 'activated', 'payment_failed'] },
          actorType: { type: 'string', enum: ['customer', 'admin', 'system'] },
          actorId: { type: 'string', nullable: true },
          oldStatus: { type: 'string', nullable: true },
          newStatus: { type: 'string' },
          oldEndDate: time(),
          newEndDate: time(),
          note: { type: 'string', nullable: true },
          createdAt: time(),
        },
      },
    },
    grantedByAdminId: { type: 'string', nullable: true },
    revokedByAdminId: { type: 'string', nullable: true },
    createdAt: time(),
    updatedAt: time(),
  },
};
