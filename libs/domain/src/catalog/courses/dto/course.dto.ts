import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { CreateProductFieldsDto, UpdateProductFieldsDto } from '../../products/dto/product-fields.dto';
import { QueryDto, ToBoolean } from '../../../shared';
import { IsPublicRef } from '../../products/dto/public-ref';


export class CreateCourseDto extends CreateProductFieldsDto {
  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  description?: string | null;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  @IsPublicRef('thumbnailRef')
  thumbnailRef?: string | null;
}

/** Every field optional; `description` and `thumbnailRef` may be set to null to clear them. */
export class UpdateCourseDto extends UpdateProductFieldsDto {
  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  description?: string | null;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  @IsPublicRef('thumbnailRef')
  thumbnailRef?: string | null;
}

export const COURSE_SORTS = ['createdAt', 'updatedAt', 'title', 'spPaisa'] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

/** Admin course list: QueryDto plus a publication filter; `search` matches the title. */
export class CourseQueryDto extends QueryDto {
  /**
   * learning-commerce.md "Shared list query": sort defaults to updatedAt. Declared `string`:
   * routing-controllers converts query values by the emitted design type, and a type alias
   * emits `Object` (it would try to JSON-parse "title"). @IsIn narrows it to a CourseSort.
   */
  @IsOptional()
  @IsIn(COURSE_SORTS)
  override sort: string = 'updatedAt';

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  published?: boolean;
}
