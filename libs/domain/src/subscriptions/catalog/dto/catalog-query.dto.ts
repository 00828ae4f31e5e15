import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { QueryDto, ToBoolean } from '../../../shared';

const BOOLEAN_FILTER = (): PropertyDecorator => (target, key) => {
  IsOptional()(target, key);
  ToBoolean()(target, key);
  IsBoolean()(target, key);
};

const UUID_FILTER = (): PropertyDecorator => (target, key) => {
  IsOptional()(target, key);
  IsUUID('all')(target, key);
};

export const NAMED_SORTS = ['createdAt', 'updatedAt', 'name', 'displayOrder'] as const;

/** GET /api/admin/subscription-modules: `search` matches the name or slug. */
export class SubscriptionModuleQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(['createdAt', 'updatedAt', 'name'])
  override sort: string = 'updatedAt';

  @BOOLEAN_FILTER()
  isActive?: boolean;
}

export class SubscriptionTierQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(NAMED_SORTS)
  override sort: string = 'updatedAt';

  @BOOLEAN_FILTER()
  isActive?: boolean;

  @UUID_FILTER()
  moduleId?: string;
}

export class SubscriptionPlanQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(NAMED_SORTS)
  override sort: string = 'updatedAt';

  @BOOLEAN_FILTER()
  isActive?: boolean;

  @UUID_FILTER()
  tierId?: string;

  @UUID_FILTER()
  moduleId?: string;
}

export class SubscriptionPlanPriceQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(['createdAt', 'updatedAt', 'label', 'displayOrder', 'durationDays', 'spNpr'])
  override sort: string = 'updatedAt';

  @BOOLEAN_FILTER()
  isActive?: boolean;

  @UUID_FILTER()
  planId?: string;
}

export class SubscriptionPlanFeatureQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(['createdAt', 'updatedAt', 'featureKey', 'displayOrder'])
  override sort: string = 'updatedAt';

  @BOOLEAN_FILTER()
  enabled?: boolean;

  @UUID_FILTER()
  planId?: string;

  @UUID_FILTER()
  moduleId?: string;

  /** Exact key. */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  featureKey?: string;
}

/** GET /api/subscriptions/plans. */
export class PublicSubscriptionPlansQueryDto {
  @UUID_FILTER()
  moduleId?: string;
}
