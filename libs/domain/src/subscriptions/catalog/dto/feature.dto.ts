import { IsString, Matches } from 'class-validator';
import { OptionalNotNull, Trim } from '../../../shared';
import { NullableText, OptionalDisplayOrder, OptionalFlag, OptionalName, OptionalUuid, RequiredName, RequiredUuid } from './catalog-fields';

/** Migration 0007 CHECK on feature_key. */
export const FEATURE_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;
const KEY_MESSAGE = 'featureKey must be 1-100 letters, digits, _ . : or -, starting with a letter or digit';

const FeatureKey = (): PropertyDecorator => (target, key) => {
  Trim()(target, key);
  IsString()(target, key);
  Matches(FEATURE_KEY_PATTERN, { message: KEY_MESSAGE })(target, key);
};

class FeatureFieldsDto {
  @NullableText(5000)
  featureDetails?: string | null;

  @NullableText(200)
  value?: string | null;

  @NullableText(500)
  icon?: string | null;

  @OptionalDisplayOrder()
  displayOrder?: number;

  /** Only enabled features are entitlements. */
  @OptionalFlag()
  enabled?: boolean;
}

export class CreateSubscriptionPlanFeatureDto extends FeatureFieldsDto {
  @RequiredUuid()
  planId: string;

  /** The plan's module. */
  @RequiredUuid()
  moduleId: string;

  /** Unique within the plan (SUBSCRIPTION_FEATURE_KEY_DUPLICATE). */
  @FeatureKey()
  featureKey: string;

  @RequiredName(500)
  featureText: string;
}

export class UpdateSubscriptionPlanFeatureDto extends FeatureFieldsDto {
  /** Fixed at creation. */
  @OptionalUuid()
  planId?: string;

  @OptionalUuid()
  moduleId?: string;

  @OptionalNotNull()
  @FeatureKey()
  featureKey?: string;

  @OptionalName(500)
  featureText?: string;
}
