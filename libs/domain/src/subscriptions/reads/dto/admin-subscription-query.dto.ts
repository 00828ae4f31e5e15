import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { SUBSCRIPTION_SOURCES } from '@platform/db';
import { QueryDto } from '../../../shared';
import { SUBSCRIPTION_STATUSES } from '../../subscription-status';

export const ADMIN_SUBSCRIPTION_SORTS = ['createdAt', 'startDate', 'endDate'] as const;
export type AdminSubscriptionSort = (typeof ADMIN_SUBSCRIPTION_SORTS)[number];

/**
 * GET /api/admin/subscriptions (learning-commerce.md, "Subscriptions (admin)": userId, moduleId,
 * status plus QueryDto fields; planId and source are ours). `status` is the effective status at the
 * current instant (SUBSCRIPTION_STATUSES, computed ones included). `search` matches a substring of
 * the user's email or full name in any case (% and _ literal). Filters are declared `string` and
 * narrowed with @IsIn (README, "two traps": SWC emits Object metadata for union aliases).
 */
export class AdminSubscriptionQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(ADMIN_SUBSCRIPTION_SORTS)
  override sort: string = 'createdAt';

  /** class-validator drops the parent's validators of an overridden property, hence repeated here. */

  @IsOptional()
  @IsUUID()
  userId?: string;

  @IsOptional()
  @IsUUID()
  moduleId?: string;

  @IsOptional()
  @IsUUID()
  planId?: string;

  @IsOptional()
  @IsIn(SUBSCRIPTION_STATUSES)
  status?: string;

  @IsOptional()
  @IsIn(SUBSCRIPTION_SOURCES)
  source?: string;
}

/** GET /api/admin/subscriptions/analytics: an optional module. */
export class SubscriptionAnalyticsQueryDto {
  @IsOptional()
  @IsUUID()
  moduleId?: string;
}
