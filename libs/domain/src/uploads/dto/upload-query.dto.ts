import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { CUSTOMER_UPLOAD_TYPES } from '@platform/storage';
import { ToBoolean } from '../../shared';

/**
 * Admin upload query (community-content-uploads.md, "Uploads, admin"): any `uploadType` string is
 * accepted and an unknown one is stored as `image`; `optimize` is a hint (default true).
 */
export class AdminUploadQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  uploadType?: string;

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
