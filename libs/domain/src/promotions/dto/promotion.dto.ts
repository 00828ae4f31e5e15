import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import type { DiscountType } from '@platform/db';
import { MAX_PRICE_PAISA } from '../../catalog';
import { IsInstant, MAX_ROW_ID, Trim } from '../../shared';

/** Codes are stored upper-case, so this also matches lower-case input (migration 0002). */
export const PROMOTION_CODE_PATTERN = /^[A-Za-z0-9_-]{3,50}$/;
const CODE_MESSAGE = 'code must be 3-50 letters, digits, underscores or hyphens';
export const DISCOUNT_TYPES: readonly DiscountType[] = ['percent', 'fixed'];
const MAX_LIMIT = 1_000_000_000;
/** Present (not undefined): `null` is refused for the fields that cannot be cleared. */
const present = (_: object, value: unknown) => value !== undefined;

/**
 * Fields that are optional on create and on update; `null` clears one on update. Cross-field
 * rules (exactly one of percent / discountPaisa, startsAt < endsAt) are checked on the merged
 * result by `promotionShapeProblems`, so create and update share them.
 */
class PromotionOptionalFieldsDto {
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(500)
  description?: string | null;

  /** 1-100; required for (and only for) a `percent` code. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  percent?: number | null;

  /** Paisa off; required for (and only for) a `fixed` code. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PRICE_PAISA)
  discountPaisa?: number | null;

  /** Restricts the code to one product (which must exist). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  productId?: number | null;

  @IsOptional()
  @IsInstant()
  startsAt?: string | null;

  @IsOptional()
  @IsInstant()
  endsAt?: string | null;

  /** Uses of the code across all users (released uses do not count). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_LIMIT)
  usageLimit?: number | null;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_LIMIT)
  perUserLimit?: number | null;

  @ValidateIf(present)
  @IsBoolean()
  isActive?: boolean;
}

export class CreatePromotionDto extends PromotionOptionalFieldsDto {
  @Trim()
  @IsString()
  @Matches(PROMOTION_CODE_PATTERN, { message: CODE_MESSAGE })
  code: string;

  @IsIn(DISCOUNT_TYPES)
  discountType: DiscountType;
}

export class UpdatePromotionDto extends PromotionOptionalFieldsDto {
  @ValidateIf(present)
  @Trim()
  @IsString()
  @Matches(PROMOTION_CODE_PATTERN, { message: CODE_MESSAGE })
  code?: string;

  @ValidateIf(present)
  @IsIn(DISCOUNT_TYPES)
  discountType?: DiscountType;
}
