import { SUBSCRIPTION_HISTORY_ACTIONS, SUBSCRIPTION_SOURCES } from '@platform/db';
import { SUBSCRIPTION_STATUSES } from '../subscription-status';

/**
 * JSON schemas of the subscription views (subscription.views.ts) for the OpenAPI documents: the
 * reads and every command's answer (the spec leaves the subscription and access response fields
 * open: "Complete field lists ...: not shown").
 */
const time = (description?: string, nullable = false) => ({ type: 'string', format: 'date-time', nullable, description });
const uuid = (nullable = false) => ({ type: 'string', format: 'uuid', nullable });
const npr = (description: string) => ({ type: 'number', description: `${description} (NPR, 2 decimals)` });
const object = (properties: Record<string, object>) => ({ type: 'object', properties });

const STATUS = {
  type: 'string',
  enum: [...SUBSCRIPTION_STATUSES],
  description:
    'Computed at read time: pending_payment (awaiting payment), scheduled (active purchase starting later), trial / active ' +
    '(window contains now), expired (a trial or active window that has ended), revoked, payment_failed.',
};
const MODULE = object({ id: uuid(), name: { type: 'string' }, slug: { type: 'string' } });
const PLAN = object({ id: uuid(), name: { type: 'string' }, tierId: uuid(), tierName: { type: 'string' }, tierSlug: { type: 'string' } });
const USER = object({ id: uuid(), email: { type: 'string' }, fullName: { type: 'string' } });

const SUBSCRIPTION_PROPERTIES = {
  id: uuid(),
  userId: uuid(),
  status: STATUS,
  source: { type: 'string', enum: [...SUBSCRIPTION_SOURCES] },
  isActive: { type: 'boolean', description: 'whether it gives access now: trial or active with startDate ≤ now < endDate' },
  startDate: time('null while pending_payment or payment_failed', true),
  endDate: time('exclusive; null while pending_payment or payment_failed', true),
  revokedAt: time(undefined, true),
  valueNpr: npr(
    "revenue-equivalent (analytics): the price paid for a purchase; for an admin grant its price's spNpr, or with a " +
      "customEndDate that price (or the plan's base price) prorated to the window; 0 for a trial",
  ),
  planPriceId: uuid(true),
  convertedFromId: { ...uuid(true), description: 'the trial this subscription converted' },
  module: MODULE,
  plan: PLAN,
  createdAt: time(),
  updatedAt: time(),
};

const PRICE = object({
  id: uuid(),
  label: { type: 'string' },
  durationDays: { type: 'integer' },
  mrpNpr: { type: 'number' },
  spNpr: { type: 'number' },
  isBase: { type: 'boolean' },
  isFeatured: { type: 'boolean' },
  isActive: { type: 'boolean' },
  displayOrder: { type: 'integer' },
});
const DETAIL_PROPERTIES = {
  ...SUBSCRIPTION_PROPERTIES,
  tier: object({ id: uuid(), name: { type: 'string' }, slug: { type: 'string' }, parentTierId: uuid(true) }),
  prices: { type: 'array', items: PRICE, description: "the plan's active prices" },
  features: {
    type: 'array',
    items: object({
      id: uuid(),
      featureKey: { type: 'string' },
      featureText: { type: 'string' },
      featureDetails: { type: 'string', nullable: true },
      value: { type: 'string', nullable: true },
      icon: { type: 'string', nullable: true },
      displayOrder: { type: 'integer' },
      enabled: { type: 'boolean' },
    }),
  },
  price: { ...PRICE, nullable: true, description: 'the price it was bought or granted at' },
  history: {
    type: 'array',
    description: 'append-only, oldest first; a customer sees no admin notes or admin ids (note and actorId null)',
    items: object({
      action: { type: 'string', enum: [...SUBSCRIPTION_HISTORY_ACTIONS] },
      actorType: { type: 'string', enum: ['customer', 'admin', 'system'] },
      actorId: { type: 'string', nullable: true },
      oldStatus: { type: 'string', nullable: true },
      newStatus: { type: 'string' },
      oldEndDate: time(undefined, true),
      newEndDate: time(undefined, true),
      note: { type: 'string', nullable: true },
      createdAt: time(),
    }),
  },
  grantedByAdminId: { type: 'string', nullable: true, description: 'null for customers' },
  revokedByAdminId: { type: 'string', nullable: true, description: 'null for customers' },
};

const count = (description: string) => ({ type: 'integer', minimum: 0, description });
const METRICS = object({
  subscriptions: count('every subscription row'),
  byStatus: object(Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, count(`rows whose effective status is ${status} now`)]))),
  trialsStarted: count('trial rows (one per user and module for life)'),
  trialsConverted: count('trials whose user, in the same module, got an activated purchase or a standing (unrevoked) admin grant that converted the trial or starts between its start and 30 days after its end'),
  conversionRate: { type: 'number', description: 'trialsConverted / trialsStarted, 4 decimals; 0 when none started' },
  grants: count('admin grants, revoked ones included'),
  grantRevenueEquivalentNpr: npr('sum of the value of every admin grant, revoked ones included'),
  revokedGrantValueNpr: npr('the part of grantRevenueEquivalentNpr from grants revoked since'),
  purchaseRevenueNpr: npr('sum of the price of purchases that were activated (active, scheduled, expired or revoked since)'),
});

/** Schemas of the subscription views, by view. */
export const SUBSCRIPTION_VIEW_SCHEMAS = {
  subscription: object(SUBSCRIPTION_PROPERTIES),
  access: object({
    subscriptionId: uuid(),
    status: STATUS,
    isActive: { type: 'boolean', description: 'computed at read time: startDate ≤ now < endDate' },
    startDate: time(),
    endDate: time(),
    module: MODULE,
    plan: PLAN,
  }),
  detail: object(DETAIL_PROPERTIES),
  adminListItem: object({ ...SUBSCRIPTION_PROPERTIES, user: USER }),
  adminDetail: object({ ...DETAIL_PROPERTIES, user: USER }),
  analytics: object({
    asOf: time('the instant the figures describe'),
    moduleId: uuid(true),
    totals: METRICS,
    modules: {
      type: 'array',
      items: object({
        id: uuid(),
        name: { type: 'string' },
        slug: { type: 'string' },
        metrics: METRICS,
        plans: { type: 'array', items: object({ ...PLAN.properties, metrics: METRICS }) },
      }),
    },
  }),
};
