import { IsIn, IsOptional } from 'class-validator';
import { TRAINING_STATUSES } from '@platform/db';
import { LabelFilterQueryDto } from '../../../../shared';

/** learning-commerce.md "Training admin": the admin list's sort values; anything else is 400. */
export const ADMIN_TRAINING_SORTS = ['title', 'status', 'isFree', 'createdAt', 'updatedAt', 'relevance'] as const;
export type AdminTrainingSort = (typeof ADMIN_TRAINING_SORTS)[number];

/**
 * GET /api/admin/training: QueryDto plus `status`, `categoryId` and `tagId`. `search` is full-text
 * (title and description); `relevance` ranks by it and falls back to updatedAt without a search.
 * `sort` and `status` are declared `string` and narrowed by @IsIn (routing-controllers converts
 * query values by the emitted design type, which is `Object` for a type alias).
 */
export class FetchTrainingDto extends LabelFilterQueryDto {
  @IsOptional()
  @IsIn(ADMIN_TRAINING_SORTS)
  override sort: string = 'updatedAt';

  @IsOptional()
  @IsIn(TRAINING_STATUSES)
  status?: string;
}
