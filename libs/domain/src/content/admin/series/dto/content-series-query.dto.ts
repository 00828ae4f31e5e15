import { IsIn, IsOptional } from 'class-validator';
import { CONTENT_SERIES_STATUSES } from '@platform/db';
import { QueryDto } from '../../../../shared';

/** The admin series list's sort keys; anything else is 400 VALIDATION_ERROR. */
export const ADMIN_CONTENT_SERIES_SORTS = ['title', 'createdAt', 'updatedAt'] as const;
export type AdminContentSeriesSort = (typeof ADMIN_CONTENT_SERIES_SORTS)[number];

/**
 * GET /api/admin/content-series: QueryDto (`search` matches the title or the current slug, any
 * part of it) plus a `status` filter. `sort` and `status` are `string` narrowed by @IsIn
 * (routing-controllers converts query values by the emitted design type).
 */
export class ContentSeriesQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(ADMIN_CONTENT_SERIES_SORTS)
  override sort: string = 'createdAt';

  @IsOptional()
  @IsIn(CONTENT_SERIES_STATUSES)
  status?: string;
}
