import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { WATCH_EVENT_TYPES } from '@platform/db';

/** The largest value a PostgreSQL `integer` holds: seconds beyond it are not a video position. */
const MAX_SECONDS = 2_147_483_647;

/** POST /api/courses/:courseId/lessons/:lessonId/heartbeat (learning-commerce.md, "Video progress and resume"). */
export class HeartbeatDto {
  /** Playback position in seconds. */
  @IsInt()
  @Min(0)
  @Max(MAX_SECONDS)
  watchPosition!: number;

  /** Cumulative watched seconds, seeks and rewinds included. */
  @IsInt()
  @Min(0)
  @Max(MAX_SECONDS)
  totalWatchedSeconds!: number;

  /** What the player reports; recorded with the event (absent or null: heartbeat, as the heartbeat tests pin). */
  @IsOptional()
  @IsString()
  @IsIn(WATCH_EVENT_TYPES)
  eventType?: string;
}
