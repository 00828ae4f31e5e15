import type {
  SubscriptionModuleModel,
  SubscriptionPlanFeatureModel,
  SubscriptionPlanModel,
  SubscriptionPlanPriceModel,
  SubscriptionTierModel,
} from '@platform/db';
import { SubscriptionFeatureView, SubscriptionPriceView, toFeatureView, toPriceView } from '../views';

const iso = (value: Date) => new Date(value).toISOString();

export interface SubscriptionModuleView {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  icon: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SubscriptionTierView {
  id: string;
  moduleId: string;
  name: string;
  slug: string;
  description: string | null;
  displayOrder: number;
  parentTierId: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SubscriptionPlanView {
  id: string;
  tierId: string;
  name: string;
  description: string | null;
  trialDays: number;
  trialRequiresCc: boolean;
  isActive: boolean;
  displayOrder: number;
  createdAt: string;
  updatedAt: string;
}

export interface AdminSubscriptionPriceView extends SubscriptionPriceView {
  planId: string;
  createdAt: string;
  updatedAt: string;
}

export interface AdminSubscriptionFeatureView extends SubscriptionFeatureView {
  planId: string;
  moduleId: string;
  createdAt: string;
  updatedAt: string;
}

export const toModuleView = (row: SubscriptionModuleModel): SubscriptionModuleView => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  description: row.description,
  icon: row.icon,
  isActive: row.isActive,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const toTierView = (row: SubscriptionTierModel): SubscriptionTierView => ({
  id: row.id,
  moduleId: row.moduleId,
  name: row.name,
  slug: row.slug,
  description: row.description,
  displayOrder: row.displayOrder,
  parentTierId: row.parentTierId,
  isActive: row.isActive,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const toPlanView = (row: SubscriptionPlanModel): SubscriptionPlanView => ({
  id: row.id,
  tierId: row.tierId,
  name: row.name,
  description: row.description,
  trialDays: row.trialDays,
  trialRequiresCc: row.trialRequiresCc,
  isActive: row.isActive,
  displayOrder: row.displayOrder,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const toAdminPriceView = (row: SubscriptionPlanPriceModel): AdminSubscriptionPriceView => ({
  ...toPriceView(row),
  planId: row.planId,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const toAdminFeatureView = (row: SubscriptionPlanFeatureModel): AdminSubscriptionFeatureView => ({
  ...toFeatureView(row),
  planId: row.planId,
  moduleId: row.moduleId,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});
