import { IsIn, IsOptional } from 'class-validator';
import { QueryDto } from '../../../shared';

export const COURSE_LIST_SORTS = ['createdAt', 'updatedAt', 'title', 'spPaisa'] as const;
export type CourseListSort = (typeof COURSE_LIST_SORTS)[number];

/** The storefront course list: QueryDto with `search` on the title. */
export class CourseListQueryDto extends QueryDto {
  /**
   * learning-commerce.md "Shared list query": sort defaults to updatedAt. Declared `string`
   * because routing-controllers converts query values by the emitted design type (a type alias
   * emits `Object`, which it would JSON-parse); @IsIn narrows it to a CourseListSort.
   */
  @IsOptional()
  @IsIn(COURSE_LIST_SORTS)
  override sort: string = 'updatedAt';
}
