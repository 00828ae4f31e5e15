import { IsOptional, IsUUID } from 'class-validator';
import { NullableText, OptionalDisplayOrder, OptionalFlag, OptionalName, OptionalUuid, RequiredName, RequiredUuid } from './catalog-fields';

class ModuleFieldsDto {
  @NullableText(5000)
  description?: string | null;

  @NullableText(500)
  icon?: string | null;

  @OptionalFlag()
  isActive?: boolean;
}

/** POST /api/admin/subscription-modules: the slug is made from the name, once. */
export class CreateSubscriptionModuleDto extends ModuleFieldsDto {
  @RequiredName()
  name: string;
}

export class UpdateSubscriptionModuleDto extends ModuleFieldsDto {
  @OptionalName()
  name?: string;
}

class TierFieldsDto {
  @NullableText(5000)
  description?: string | null;

  @OptionalDisplayOrder()
  displayOrder?: number;

  /** A tier of the same module this tier builds on; `null` clears it (update). */
  @IsOptional()
  @IsUUID('all')
  parentTierId?: string | null;

  @OptionalFlag()
  isActive?: boolean;
}

export class CreateSubscriptionTierDto extends TierFieldsDto {
  @RequiredUuid()
  moduleId: string;

  @RequiredName()
  name: string;
}

export class UpdateSubscriptionTierDto extends TierFieldsDto {
  /** Fixed at creation: accepted only when it is the tier's own module. */
  @OptionalUuid()
  moduleId?: string;

  @OptionalName()
  name?: string;
}

