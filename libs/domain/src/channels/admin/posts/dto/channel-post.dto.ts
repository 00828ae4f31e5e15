import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { CHANNEL_POST_TYPES, ChannelPostType } from '@platform/db';
import { IsInstant, OptionalNotNull, OptionalNullAsAbsent, StorableText, Trim } from '../../../../shared';
import { IsAttachmentKey, IsLinkUrl, IsPostBodyText, MAX_POST_ATTACHMENTS, RawJson } from './post-fields.decorators';

/** RFC 6838 type/subtype names (no parameters). */
const MIME_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/;
// eslint-disable-next-line no-control-regex -- control characters are what a file name must not hold
const FILE_NAME = /^[^\u0000-\u001f\u007f/\\]+$/;

/**
 * One attachment (community-content-uploads.md "Create post body"): `storage_key` as the admin
 * upload API returned it for an image or a file; the others default from the stored object (the
 * key's last segment, the type its extension names, the stored size, which a given size_bytes
 * must equal).
 */
export class ChannelPostAttachmentDto {
  @IsString()
  @MaxLength(1024)
  @IsAttachmentKey()
  storage_key: string;

  @OptionalNullAsAbsent()
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  @Matches(FILE_NAME, { message: 'file_name must be a file name: no slashes, backslashes or control characters' })
  @StorableText()
  file_name?: string;

  @OptionalNullAsAbsent()
  @IsString()
  @MaxLength(255)
  @Matches(MIME_TYPE, { message: 'mime_type must be a MIME type such as application/pdf' })
  mime_type?: string;

  @OptionalNullAsAbsent()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  size_bytes?: number;
}

/**
 * A post's content fields, shared by create and update. Which of them a type needs or takes is
 * checked after these field rules (dto/post-shape.ts), as is the chart payload's size
 * (requireChartPayloadFits); null and absent are the same on create, null clears on update.
 */
export class ChannelPostContentDto {
  @IsOptional()
  @IsPostBodyText()
  body_text?: string | null;

  @IsOptional()
  @IsLinkUrl()
  link_url?: string | null;

  @IsOptional()
  @RawJson()
  @IsObject()
  chart_payload_json?: Record<string, unknown> | null;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_POST_ATTACHMENTS)
  @ValidateNested({ each: true })
  @Type(() => ChannelPostAttachmentDto)
  attachments?: ChannelPostAttachmentDto[] | null;
}

/** A new post: a type, its content, and when and whether it is pinned. */
export class CreateChannelPostDto extends ChannelPostContentDto {
  @IsIn(CHANNEL_POST_TYPES)
  type: ChannelPostType;

  /** Default: now. Metadata only: posts are ordered by id. */
  @OptionalNotNull()
  @IsInstant()
  published_at?: string;

  /** Default false. */
  @OptionalNotNull()
  @IsBoolean()
  is_pinned?: boolean;
}

/**
 * A post's content, within its own type's rules (the type never changes): null clears a field,
 * `attachments` replaces the whole list. At least one field.
 */
export class UpdateChannelPostDto extends ChannelPostContentDto {}

/** `{ is_pinned: true }` pins (pinnedAt now), `{ is_pinned: false }` unpins. */
export class PinChannelPostDto {
  @IsBoolean()
  is_pinned: boolean;
}
