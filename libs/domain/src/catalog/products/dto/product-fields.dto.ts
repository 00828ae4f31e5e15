import { IsBoolean, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { OptionalNotNull, OptionalNullAsAbsent, SLUG_MAX_LENGTH, SLUG_PATTERN, StorableText, Trim } from '../../../shared';

/** Rs 1 crore in paisa: a sanity bound on a single product's price. */
export const MAX_PRICE_PAISA = 1_000_000_000;

/** The product fields every sellable item is created with (course, digital book). */
export class CreateProductFieldsDto {
  @Trim()
  @IsString()
  @StorableText()
  @MinLength(1)
  @MaxLength(200)
  title: string;

  @OptionalNullAsAbsent()
  @IsString()
  @MaxLength(SLUG_MAX_LENGTH)
  @Matches(SLUG_PATTERN, { message: 'slug must be lower-case letters and digits separated by single hyphens' })
  slug?: string;

  @IsInt()
  @Min(0)
  @Max(MAX_PRICE_PAISA)
  mrpPaisa: number;

  @IsInt()
  @Min(0)
  @Max(MAX_PRICE_PAISA)
  spPaisa: number;

  @OptionalNullAsAbsent()
  @IsBoolean()
  isSellable?: boolean;
}

/** The same fields, each optional but never null; prices are checked after merging with the stored ones. */
export class UpdateProductFieldsDto {
  @OptionalNotNull()
  @Trim()
  @IsString()
  @StorableText()
  @MinLength(1)
  @MaxLength(200)
  title?: string;

  @OptionalNotNull()
  @IsString()
  @MaxLength(SLUG_MAX_LENGTH)
  @Matches(SLUG_PATTERN, { message: 'slug must be lower-case letters and digits separated by single hyphens' })
  slug?: string;

  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_PRICE_PAISA)
  mrpPaisa?: number;

  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_PRICE_PAISA)
  spPaisa?: number;

  @OptionalNotNull()
  @IsBoolean()
  isSellable?: boolean;
}
