import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { QueryDto, ToBoolean } from '../../../shared';

export const DIGITAL_BOOK_SORTS = ['createdAt', 'updatedAt', 'title', 'spPaisa'] as const;
export type DigitalBookSort = (typeof DIGITAL_BOOK_SORTS)[number];


/** Admin list of digital books: `search` matches the title; `published` filters. */
export class DigitalBookQueryDto extends QueryDto {
  /**
   * learning-commerce.md "Shared list query": sort defaults to updatedAt. Declared `string`, as
   * routing-controllers converts query values by the emitted design type; @IsIn narrows it.
   */
  @IsOptional()
  @IsIn(DIGITAL_BOOK_SORTS)
  override sort: string = 'updatedAt';

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  published?: boolean;
}
