import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { ALL_UPLOAD_TYPES, CUSTOMER_UPLOAD_TYPES, DEFAULT_UPLOAD_TYPE, uploadTypeOrDefault } from '@platform/storage';
import { ToBoolean } from '../../shared';

/**
 * Admin upload query (community-content-uploads.md, "Uploads, admin" and "Upload types"): any
 * `uploadType` is accepted, and a missing or unknown one (any string, however long, or the
 * same parameter repeated, which arrives as an array) is stored as `image`; `optimize` is a hint
 * (default true).
 */
export class AdminUploadQueryDto {
  /**
   * Always one of the seven upload types once transformed. Typed `string`, narrowed by `@IsIn`,
   * because SWC emits no usable decorator metadata for a union alias (README, "Two traps").
   */
  @IsOptional()
  @Transform(({ value }) => uploadTypeOrDefault(value))
  @IsIn(ALL_UPLOAD_TYPES)
  uploadType: string = DEFAULT_UPLOAD_TYPE;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  optimize: boolean = true;
}

/** Mobile upload query: only the customer upload types (avatar, image, file); others are 400. */
export class MobileUploadQueryDto {
  @IsOptional()
  @IsIn(CUSTOMER_UPLOAD_TYPES, { message: `uploadType must be one of: ${CUSTOMER_UPLOAD_TYPES.join(', ')}` })
  uploadType: string = 'image';

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  optimize: boolean = true;
}
