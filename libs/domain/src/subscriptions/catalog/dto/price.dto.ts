import { IsInt, IsNumber, Max, Min } from 'class-validator';
import { OptionalNotNull } from '../../../shared';
import { OptionalDisplayOrder, OptionalFlag, OptionalName, OptionalUuid, RequiredName, RequiredUuid } from './catalog-fields';

/** numeric(12, 2): NPR with at most two decimals. */
export const MAX_NPR = 9_999_999_999.99;

const Npr = (): PropertyDecorator => (target, key) => {
  IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })(target, key);
  Min(0)(target, key);
  Max(MAX_NPR)(target, key);
};

const OptionalNpr = (): PropertyDecorator => (target, key) => {
  OptionalNotNull()(target, key);
  Npr()(target, key);
};

const DurationDays = (): PropertyDecorator => (target, key) => {
  IsInt()(target, key);
  Min(1)(target, key);
  Max(3660)(target, key);
};

class PriceFlagsDto {
  /** At most one base price per plan: setting it clears the plan's previous base. */
  @OptionalFlag()
  isBase?: boolean;

  @OptionalFlag()
  isFeatured?: boolean;

  @OptionalFlag()
  isActive?: boolean;

  @OptionalDisplayOrder()
  displayOrder?: number;
}

export class CreateSubscriptionPlanPriceDto extends PriceFlagsDto {
  @RequiredUuid()
  planId: string;

  @RequiredName()
  label: string;

  @DurationDays()
  durationDays: number;

  @Npr()
  mrpNpr: number;

  /** Never greater than mrpNpr (SUBSCRIPTION_PRICE_INVALID). */
  @Npr()
  spNpr: number;
}

export class UpdateSubscriptionPlanPriceDto extends PriceFlagsDto {
  /** Fixed at creation. */
  @OptionalUuid()
  planId?: string;

  @OptionalName()
  label?: string;

  @OptionalNotNull()
  @DurationDays()
  durationDays?: number;

  @OptionalNpr()
  mrpNpr?: number;

  @OptionalNpr()
  spNpr?: number;
}
