import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { QueryDto, ToBoolean } from '../../shared';

export const PROMOTION_SORTS = ['createdAt', 'updatedAt', 'code'] as const;
export type PromotionSort = (typeof PROMOTION_SORTS)[number];


/** Admin list of promotions: `search` matches the code (any case); `isActive` filters. */
export class PromotionQueryDto extends QueryDto {
  /** Defaults to updatedAt (learning-commerce.md "Shared list query"); @IsIn narrows the string. */
  @IsOptional()
  @IsIn(PROMOTION_SORTS)
  override sort: string = 'updatedAt';

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  isActive?: boolean;
}
