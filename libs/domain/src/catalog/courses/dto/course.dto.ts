import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { CreateProductFieldsDto, UpdateProductFieldsDto } from '../../products/dto/product-fields.dto';
import { AdminProductListQueryDto } from '../../products/dto/product-list-query.dto';
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


/** Admin course list: QueryDto plus a publication filter; `search` matches the title. */
/**
 * Admin course list: `search` matches the title; `published` filters. An alias, not a subclass:
 * the OpenAPI generator only knows classes that declare their own validation metadata.
 */
export { AdminProductListQueryDto as CourseQueryDto };
