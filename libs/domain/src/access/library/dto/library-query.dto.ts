import { IsIn, IsOptional } from 'class-validator';
import { QueryDto } from '../../../shared';

export const LIBRARY_SORTS = ['grantedAt', 'title', 'validUntil'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** The caller's library: QueryDto over the products they hold, `search` on the title. */
export class LibraryQueryDto extends QueryDto {
  /**
   * Newest grant first by default. Declared `string` because routing-controllers converts query
   * values by the emitted design type (a type alias emits `Object`); @IsIn narrows it.
   */
  @IsOptional()
  @IsIn(LIBRARY_SORTS)
  override sort: string = 'grantedAt';
}
