import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { TRAINING_SESSION_STATUSES, TRAINING_SESSION_TYPES, TrainingSessionStatus, TrainingSessionType } from '@platform/db';
import { IsInstant, MAX_ROW_ID, OptionalNotNull, OptionalNullAsAbsent, StorableText, Trim } from '../../../../shared';

/** 24 hours: a sanity bound on one session. */
export const MAX_SESSION_DURATION_MINUTES = 1_440;
/** A sanity bound on the sessions of one training (and so on a reorder payload). */
export const MAX_SESSIONS_PER_TRAINING = 500;
/**
 * A recording is an HLS playlist key under `uploads/video/` (training_sessions_recording_key_prefix
 * CHECK); refused here first so a bad key is a 400 naming the rule, never a constraint violation.
 * No `..` anywhere, no whitespace or backslash, a non-slash right after the prefix.
 */
export const RECORDING_KEY_PATTERN = /^uploads\/video\/(?!.*\.\.)[^/\s\\][^\s\\]*$/;
const RECORDING_KEY_MESSAGE = 'recordingKey must be a storage key under uploads/video/ (no "..", no whitespace), or null';

export class CreateTrainingSessionDto {
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @StorableText()
  title: string;

  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  @StorableText()
  description?: string | null;

  @IsIn(TRAINING_SESSION_TYPES)
  type: TrainingSessionType;

  @IsInt()
  @Min(1)
  @Max(MAX_SESSION_DURATION_MINUTES)
  durationMinutes: number;

  /** ISO 8601 date-time; null or absent when not scheduled. */
  @IsOptional()
  @IsInstant()
  scheduledAt?: string | null;

  /** The live room's reference (a meeting id or URL), 1-500 characters. */
  @IsOptional()
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  @StorableText()
  liveSessionRef?: string | null;

  /** Default `scheduled`. */
  @OptionalNullAsAbsent()
  @IsIn(TRAINING_SESSION_STATUSES)
  status?: TrainingSessionStatus;
}

/** Every field optional (at least one); null clears description, scheduledAt and liveSessionRef. */
export class UpdateTrainingSessionDto {
  @OptionalNotNull()
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @StorableText()
  title?: string;

  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  @StorableText()
  description?: string | null;

  @OptionalNotNull()
  @IsIn(TRAINING_SESSION_TYPES)
  type?: TrainingSessionType;

  @OptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(MAX_SESSION_DURATION_MINUTES)
  durationMinutes?: number;

  @IsOptional()
  @IsInstant()
  scheduledAt?: string | null;

  @IsOptional()
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  @StorableText()
  liveSessionRef?: string | null;

  @OptionalNotNull()
  @IsIn(TRAINING_SESSION_STATUSES)
  status?: TrainingSessionStatus;
}

/** `{ recordingKey }` sets the recording, `{ recordingKey: null }` clears it; the field is required. */
export class SetTrainingSessionRecordingDto {
  @ValidateIf((_object, value) => value !== null)
  @IsString({ message: RECORDING_KEY_MESSAGE })
  @MaxLength(500)
  @Matches(RECORDING_KEY_PATTERN, { message: RECORDING_KEY_MESSAGE })
  recordingKey: string | null;
}

/** Every session of the training, each once, in the new order. */
export class ReorderTrainingSessionsDto {
  @IsArray()
  @ArrayMaxSize(MAX_SESSIONS_PER_TRAINING)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ROW_ID, { each: true })
  sessionIds: number[];
}
