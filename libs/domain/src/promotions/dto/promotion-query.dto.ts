import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { QueryDto } from '../../shared';

export const PROMOTION_SORTS = ['createdAt', 'updatedAt', 'code'] as const;
export type PromotionSort = (typeof PROMOTION_SORTS)[number];

const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;

/** Admin list of promotions: `search` matches the code (any case); `isActive` filters. */
export class PromotionQueryDto extends QueryDto {
  /** Defaults to updatedAt (learning-commerce.md "Shared list query"); @IsIn narrows the string. */
  @IsOptional()
  @IsIn(PROMOTION_SORTS)
  override sort: string = 'updatedAt';

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  isActive?: boolean;
}
