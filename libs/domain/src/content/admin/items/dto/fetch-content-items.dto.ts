import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { CONTENT_ITEM_STATUSES } from '@platform/db';
import { LabelFilterQueryDto, MAX_ROW_ID, toInteger } from '../../../../shared';

/** The admin list's sort values; anything else is 400. */
export const ADMIN_CONTENT_ITEM_SORTS = ['title', 'createdAt', 'updatedAt', 'publishedAt'] as const;
export type AdminContentItemSort = (typeof ADMIN_CONTENT_ITEM_SORTS)[number];
/** `free`: no rule at the item or its series. */
export const CONTENT_TIER_FILTERS = ['basic', 'premium', 'free'] as const;

/**
 * GET /api/admin/content-items: QueryDto plus `seriesId`, `status`, `tier` (the effective tier:
 * the item's rule, else its series'), `categoryId`, `tagId`. `sort` and the enums are declared
 * `string` and narrowed by @IsIn (routing-controllers converts query values by the design type).
 */
export class FetchContentItemsDto extends LabelFilterQueryDto {
  @IsOptional()
  @IsIn(ADMIN_CONTENT_ITEM_SORTS)
  override sort: string = 'createdAt';

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  seriesId?: number;

  @IsOptional()
  @IsIn(CONTENT_ITEM_STATUSES)
  status?: string;

  @IsOptional()
  @IsIn(CONTENT_TIER_FILTERS)
  tier?: string;
}
