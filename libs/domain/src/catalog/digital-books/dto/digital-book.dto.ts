import { Trim } from '../../../shared';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CreateProductFieldsDto, UpdateProductFieldsDto } from '../../products/dto/product-fields.dto';
import { IsPublicRef } from '../../products/dto/public-ref';

/** The book file is private: a key the uploads module wrote, never a URL or a path outside it. */
const FILE_KEY = /^uploads\/(?!.*\.\.)\S+$/;

/**
 * Several property decorators as one, so create and update state each field's rules once.
 * Applied last to first, as stacked decorators are (the OpenAPI schema depends on the order).
 */
const rules =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const decorator of [...decorators].reverse()) decorator(target, key);
  };

/**
 * The book's own fields. Optional on create and update; on update `null` clears one
 * (`@IsOptional` lets it through; the database CHECKs hold the same bounds).
 */
const Description = () => rules(IsOptional(), IsString(), MaxLength(20000));
const Author = () => rules(IsOptional(), Trim(), IsString(), MaxLength(200));
const PageCount = () => rules(IsOptional(), IsInt(), Min(1), Max(100_000));
/** Storage key (or legacy URL) of the public cover image. */
const CoverRef = () => rules(IsOptional(), IsString(), MaxLength(500), IsPublicRef('coverRef'));
const FileKey = () =>
  rules(IsOptional(), IsString(), MaxLength(500), Matches(FILE_KEY, { message: 'fileKey must be a storage key starting with uploads/' }));

// The two classes repeat the field list rather than share a mixin: the OpenAPI generator names
// schemas by class, and a mixin class would be one schema for both.
export class CreateDigitalBookDto extends CreateProductFieldsDto {
  @Description() description?: string | null;
  @Author() author?: string | null;
  @PageCount() pageCount?: number | null;
  @CoverRef() coverRef?: string | null;
  @FileKey() fileKey?: string | null;
}

export class UpdateDigitalBookDto extends UpdateProductFieldsDto {
  @Description() description?: string | null;
  @Author() author?: string | null;
  @PageCount() pageCount?: number | null;
  @CoverRef() coverRef?: string | null;
  @FileKey() fileKey?: string | null;
}

/** The book columns a create or update may set. */
export const DIGITAL_BOOK_DETAIL_FIELDS = ['description', 'author', 'pageCount', 'coverRef', 'fileKey'] as const;
