import type { SubscriptionSource } from '@platform/db';
import { effectiveStatus, isLive, SubscriptionStatus } from '../subscription-status';

/** A joined row of SUBSCRIPTION_COLUMNS (subscription-queries.ts). */
export interface SubscriptionRow {
  id: string;
  userId: string;
  status: 'pending_payment' | 'trial' | 'active' | 'revoked' | 'payment_failed';
  source: SubscriptionSource;
  startsAt: Date | null;
  endsAt: Date | null;
  valueNpr: string;
  planPriceId: string | null;
  grantedByAdminId: string | null;
  revokedAt: Date | null;
  revokedByAdminId: string | null;
  convertedFromId: string | null;
  createdAt: Date;
  updatedAt: Date;
  moduleId: string;
  moduleName: string;
  moduleSlug: string;
  planId: string;
  planName: string;
  tierId: string;
  tierName: string;
  tierSlug: string;
  tierParentId: string | null;
}

/** SubscriptionDto (light): lists, the access rows' subscription, command answers' core. */
export interface SubscriptionView {
  id: string;
  userId: string;
  /** SUBSCRIPTION_STATUSES, computed at read time from the stored status and the window. */
  status: SubscriptionStatus;
  /** trial (customer), admin_grant, purchase. */
  source: SubscriptionSource;
  /** Whether it gives access now: trial or active with startDate ≤ now < endDate. */
  isActive: boolean;
  startDate: string | null;
  endDate: string | null;
  revokedAt: string | null;
  valueNpr: number;
  planPriceId: string | null;
  convertedFromId: string | null;
  module: { id: string; name: string; slug: string };
  plan: { id: string; name: string; tierId: string; tierName: string; tierSlug: string };
  createdAt: string;
  updatedAt: string;
}

/** GET /api/subscriptions/access: one non-revoked access row. */
export interface SubscriptionAccessView {
  subscriptionId: string;
  status: SubscriptionStatus;
  isActive: boolean;
  startDate: string;
  endDate: string;
  module: { id: string; name: string; slug: string };
  plan: { id: string; name: string; tierId: string; tierName: string; tierSlug: string };
}

export interface SubscriptionPriceView {
  id: string;
  label: string;
  durationDays: number;
  mrpNpr: number;
  spNpr: number;
  isBase: boolean;
  isFeatured: boolean;
  isActive: boolean;
  displayOrder: number;
}

export interface SubscriptionFeatureView {
  id: string;
  featureKey: string;
  featureText: string;
  featureDetails: string | null;
  value: string | null;
  icon: string | null;
  displayOrder: number;
  enabled: boolean;
}

export interface SubscriptionHistoryView {
  action: string;
  actorType: 'customer' | 'admin' | 'system';
  actorId: string | null;
  oldStatus: string | null;
  newStatus: string;
  oldEndDate: string | null;
  newEndDate: string | null;
  note: string | null;
  createdAt: string;
}

/** GET /api/subscriptions/:id, GET /api/admin/subscriptions/:id and every command's answer. */
export interface SubscriptionDetailView extends SubscriptionView {
  tier: { id: string; name: string; slug: string; parentTierId: string | null };
  /** The plan's active prices. */
  prices: SubscriptionPriceView[];
  /** The plan's features (enabled ones are what it gives, with its ancestor tiers' features). */
  features: SubscriptionFeatureView[];
  /** The price this subscription was bought or granted at, if any. */
  price: SubscriptionPriceView | null;
  history: SubscriptionHistoryView[];
  grantedByAdminId: string | null;
  revokedByAdminId: string | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toSubscriptionView(row: SubscriptionRow, now: Date): SubscriptionView {
  return {
    id: row.id,
    userId: row.userId,
    status: effectiveStatus(row, now),
    source: row.source,
    isActive: isLive(row, now),
    startDate: iso(row.startsAt),
    endDate: iso(row.endsAt),
    revokedAt: iso(row.revokedAt),
    valueNpr: Number(row.valueNpr),
    planPriceId: row.planPriceId,
    convertedFromId: row.convertedFromId,
    module: { id: row.moduleId, name: row.moduleName, slug: row.moduleSlug },
    plan: { id: row.planId, name: row.planName, tierId: row.tierId, tierName: row.tierName, tierSlug: row.tierSlug },
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

export function toAccessView(row: SubscriptionRow, now: Date): SubscriptionAccessView {
  const view = toSubscriptionView(row, now);
  return {
    subscriptionId: view.id,
    status: view.status,
    isActive: view.isActive,
    startDate: view.startDate!,
    endDate: view.endDate!,
    module: view.module,
    plan: view.plan,
  };
}

export function toPriceView(price: {
  id: string;
  label: string;
  durationDays: number;
  mrpNpr: string;
  spNpr: string;
  isBase: boolean;
  isFeatured: boolean;
  isActive: boolean;
  displayOrder: number;
}): SubscriptionPriceView {
  return {
    id: price.id,
    label: price.label,
    durationDays: price.durationDays,
    mrpNpr: Number(price.mrpNpr),
    spNpr: Number(price.spNpr),
    isBase: price.isBase,
    isFeatured: price.isFeatured,
    isActive: price.isActive,
    displayOrder: price.displayOrder,
  };
}

export function toFeatureView(feature: SubscriptionFeatureView): SubscriptionFeatureView {
  return {
    id: feature.id,
    featureKey: feature.featureKey,
    featureText: feature.featureText,
    featureDetails: feature.featureDetails,
    value: feature.value,
    icon: feature.icon,
    displayOrder: feature.displayOrder,
    enabled: feature.enabled,
  };
}

export function toHistoryView(entry: {
  action: string;
  actorType: 'customer' | 'admin' | 'system';
  actorId: string | null;
  oldStatus: string | null;
  newStatus: string;
  oldEndsAt: Date | null;
  newEndsAt: Date | null;
  note: string | null;
  createdAt: Date;
}): SubscriptionHistoryView {
  return {
    action: entry.action,
    actorType: entry.actorType,
    actorId: entry.actorId,
    oldStatus: entry.oldStatus,
    newStatus: entry.newStatus,
    oldEndDate: iso(entry.oldEndsAt),
    newEndDate: iso(entry.newEndsAt),
    note: entry.note,
    createdAt: iso(entry.createdAt)!,
  };
}
