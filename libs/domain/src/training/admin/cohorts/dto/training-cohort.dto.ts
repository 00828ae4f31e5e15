import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { IsInstant, MAX_ROW_ID, OptionalNotNull, OptionalNullAsAbsent, StorableText, Trim } from '../../../../shared';

/** A sanity bound on one cohort's seats. */
export const MAX_COHORT_CAPACITY = 100_000;
/** A sanity bound on one cohort's schedule (a training holds at most this many sessions too). */
export const MAX_COHORT_SCHEDULE_ENTRIES = 500;
/**
 * The statuses an admin sets. `full` is not one of them: seats decide it (a cohort is `full` when
 * its seats are all taken, and reopens when capacity grows), so it can never say full with seats
 * left. `closed` is how an admin stops sales by hand.
 */
export const ADMIN_COHORT_STATUSES = ['open', 'closed', 'cancelled'] as const;
export type AdminCohortStatus = (typeof ADMIN_COHORT_STATUSES)[number];
const STATUS_MESSAGE = `status must be one of ${ADMIN_COHORT_STATUSES.join(', ')} (full follows the seats)`;

export class CreateTrainingCohortDto {
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @StorableText()
  name: string;

  @IsInt()
  @Min(1)
  @Max(MAX_COHORT_CAPACITY)
  capacity: number;

  /** Default `open`. */
  @OptionalNullAsAbsent()
  @IsIn(ADMIN_COHORT_STATUSES, { message: STATUS_MESSAGE })
  status?: AdminCohortStatus;

  /** ISO 8601; not after endsAt. */
  @IsOptional()
  @IsInstant()
  startsAt?: string | null;

  @IsOptional()
  @IsInstant()
  endsAt?: string | null;
}

/** Every field optional (at least one); null clears startsAt and endsAt. */
export class UpdateTrainingCohortDto {
  @OptionalNotNull()
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @StorableText()
  name?: string;

  /** Not below the seats already taken (409 TRAINING_COHORT_CAPACITY_BELOW_SEATS). */
  @OptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(MAX_COHORT_CAPACITY)
  capacity?: number;

  @OptionalNotNull()
  @IsIn(ADMIN_COHORT_STATUSES, { message: STATUS_MESSAGE })
  status?: AdminCohortStatus;

  @IsOptional()
  @IsInstant()
  startsAt?: string | null;

  @IsOptional()
  @IsInstant()
  endsAt?: string | null;
}

/** One session in a cohort's schedule, with the cohort's own time and live room (null: the session's). */
export class CohortScheduleSessionDto {
  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  sessionId: number;

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
}

/** The cohort's whole schedule: replaces the previous one. */
export class ReplaceCohortScheduleDto {
  @IsArray()
  @ArrayMaxSize(MAX_COHORT_SCHEDULE_ENTRIES)
  @ValidateNested({ each: true })
  @Type(() => CohortScheduleSessionDto)
  sessions: CohortScheduleSessionDto[];
}
