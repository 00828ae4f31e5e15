import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { OptionalNotNull, OptionalNullAsAbsent, Trim } from '../../../shared';

const MAX_POSITION = 1_000_000;
/** 24 hours: a sanity bound on one lesson video. */
export const MAX_VIDEO_DURATION_SECONDS = 86_400;
/** Lesson videos are private uploads (lessons.video_key CHECK); no `..`, no whitespace. */
export const VIDEO_KEY_PATTERN = /^uploads\/(?!.*\.\.)[^\s\\]+$/;
const VIDEO_KEY_MESSAGE = 'videoKey must be a storage key starting with uploads/';

export class CreateTopicDto {
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  title: string;

  /** Omitted: after the course's last topic. */
  @OptionalNullAsAbsent()
  @IsInt()
  @Min(0)
  @Max(MAX_POSITION)
  position?: number;
}

export class UpdateTopicDto {
  @OptionalNotNull()
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  title?: string;

  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_POSITION)
  position?: number;
}

export class CreateLessonDto {
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  title: string;

  /** Omitted: after the topic's last lesson. */
  @OptionalNullAsAbsent()
  @IsInt()
  @Min(0)
  @Max(MAX_POSITION)
  position?: number;

  @OptionalNullAsAbsent()
  @IsBoolean()
  isEnabled?: boolean;

  @OptionalNullAsAbsent()
  @IsBoolean()
  isFreePreview?: boolean;

  /** Whole seconds, or null when unknown. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_VIDEO_DURATION_SECONDS)
  videoDurationSeconds?: number | null;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(VIDEO_KEY_PATTERN, { message: VIDEO_KEY_MESSAGE })
  videoKey?: string | null;
}

/** Every field optional; `topicId` moves the lesson to another topic of the same course. */
export class UpdateLessonDto {
  @OptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  topicId?: number;

  @OptionalNotNull()
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  title?: string;

  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_POSITION)
  position?: number;

  @OptionalNotNull()
  @IsBoolean()
  isEnabled?: boolean;

  @OptionalNotNull()
  @IsBoolean()
  isFreePreview?: boolean;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_VIDEO_DURATION_SECONDS)
  videoDurationSeconds?: number | null;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(VIDEO_KEY_PATTERN, { message: VIDEO_KEY_MESSAGE })
  videoKey?: string | null;
}
