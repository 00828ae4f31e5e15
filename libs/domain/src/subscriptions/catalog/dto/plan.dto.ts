import { IsInt, Max, Min } from 'class-validator';
import { OptionalNotNull } from '../../../shared';
import { NullableText, OptionalDisplayOrder, OptionalFlag, OptionalName, OptionalUuid, RequiredName, RequiredUuid } from './catalog-fields';

class PlanFieldsDto {
  @NullableText(5000)
  description?: string | null;

  /** 0 (the default) means the plan offers no trial. */
  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(365)
  trialDays?: number;

  @OptionalFlag()
  trialRequiresCc?: boolean;

  @OptionalFlag()
  isActive?: boolean;

  @OptionalDisplayOrder()
  displayOrder?: number;
}

/** POST /api/admin/subscription-plans: exactly one plan per tier. */
export class CreateSubscriptionPlanDto extends PlanFieldsDto {
  @RequiredUuid()
  tierId: string;

  @RequiredName()
  name: string;
}

export class UpdateSubscriptionPlanDto extends PlanFieldsDto {
  /** Fixed at creation (subscriptions of the plan belong to the tier's module). */
  @OptionalUuid()
  tierId?: string;

  @OptionalName()
  name?: string;
}
