import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { AccessType, TRAINING_ACCESS_TYPES, TRAINING_STATUSES } from '@platform/db';
import { CreateProductFieldsDto, IsPublicRef, UpdateProductFieldsDto } from '../../../../catalog';
import { MAX_ROW_ID, OptionalNotNull, OptionalNullAsAbsent, StorableText, ValidationFailed } from '../../../../shared';

/** A sanity bound on time-limited access (about 100 years). */
export const MAX_ACCESS_DURATION_DAYS = 36_500;

/**
 * CONTRACT §10: `{ title, description?, categoryId?, tagId?, isFree?, mrpPaisa, spPaisa,
 * accessType, accessDurationDays? }`, plus the product's optional `slug` and `isSellable` (as
 * courses). `accessDurationDays` is required exactly when `accessType` is `time_limited`.
 */
export class CreateTrainingDto extends CreateProductFieldsDto {
  @OptionalNullAsAbsent()
  @IsString()
  @MaxLength(20_000)
  @StorableText()
  description?: string;

  @OptionalNullAsAbsent()
  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  categoryId?: number;

  @OptionalNullAsAbsent()
  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  tagId?: number;

  @OptionalNullAsAbsent()
  @IsBoolean()
  isFree?: boolean;

  @IsIn(TRAINING_ACCESS_TYPES)
  accessType: string;

  @OptionalNullAsAbsent()
  @IsInt()
  @Min(1)
  @Max(MAX_ACCESS_DURATION_DAYS)
  accessDurationDays?: number;
}

/** No control characters: the ref is stored as sent and ends up in URLs. */
// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/**
 * A trailerRef is an absolute http(s) URL or a relative storage key (`public/...`, or a legacy
 * key such as `videos/trailers/a.mp4`). Refused: a leading `/` (with the local driver
 * StorageUrls.publicUrl would turn `/evil.com/x.mp4` into `//evil.com/x.mp4`, a protocol-relative
 * off-site URL), a backslash (browsers read it as `/`), and a `..` segment (another object's key).
 */
export const TRAILER_REF_PATTERN = /^(?![^]*\\)(https?:\/\/[^\s/]+(\/\S*)?|(?!\/)(?!([^]*\/)?\.\.(\/|$))[^]+)$/i;

/**
 * Every field optional (an empty body is 400). `description`, `categoryId`, `tagId`,
 * `accessDurationDays`, `thumbnailRef` and `trailerRef` may be null to clear them; the rest may
 * not. `trailerRef` is written as sent, legacy values included (no managed replace, no cleanup),
 * within TRAILER_REF_PATTERN.
 */
export class UpdateTrainingDto extends UpdateProductFieldsDto {
  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  @StorableText()
  description?: string | null;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  categoryId?: number | null;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  tagId?: number | null;

  @OptionalNotNull()
  @IsBoolean()
  isFree?: boolean;

  @OptionalNotNull()
  @IsBoolean()
  isFeatured?: boolean;

  @OptionalNotNull()
  @IsIn(TRAINING_STATUSES)
  status?: string;

  @OptionalNotNull()
  @IsIn(TRAINING_ACCESS_TYPES)
  accessType?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ACCESS_DURATION_DAYS)
  accessDurationDays?: number | null;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  @IsPublicRef('thumbnailRef')
  thumbnailRef?: string | null;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(1024)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'trailerRef must not contain control characters' })
  @Matches(TRAILER_REF_PATTERN, { message: 'trailerRef must be an http(s) URL or a storage key without a leading /, a backslash or .. segments' })
  @StorableText()
  trailerRef?: string | null;
}

const accessProblem = (message: string) => ValidationFailed(message, [{ field: 'accessDurationDays', code: 'accessType', message }]);

/**
 * The rule a decorator cannot say: `accessDurationDays` is set exactly for time-limited access
 * (the table's CHECK says the same), checked on the merged values of a PATCH too.
 */
export function accessDurationFor(accessType: AccessType, days: number | null | undefined): number | null {
  if (accessType === 'time_limited') {
    if (days === null || days === undefined) throw accessProblem('accessDurationDays is required when accessType is time_limited');
    return days;
  }
  if (days !== null && days !== undefined) throw accessProblem('accessDurationDays is only for accessType time_limited');
  return null;
}
