import { Inject, Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import type { AppConfig } from '@platform/config';
import { Database, WatchEventType } from '@platform/db';
import { activeAccessSql } from '../../access';
import { Clock, CONFIG, CustomerActor, isRowId } from '../../shared';
import { HeartbeatLessonNotFound, HeartbeatNotEnrolled, HeartbeatTokenExpired } from '../progress.errors';
import { reachesCompletionSql, watchPercentage } from '../watch-percentage';
import type { HeartbeatDto } from './heartbeat.dto';

/** The heartbeat answer (learning-commerce.md: `{ watchPosition, totalWatchedSeconds, isCompleted, watchPercentage }`). */
export interface HeartbeatView {
  watchPosition: number;
  totalWatchedSeconds: number;
  isCompleted: boolean;
  /** Null only for a lesson without a video duration. */
  watchPercentage: number | null;
}

interface HeartbeatRow {
  userExists: boolean;
  enrolled: boolean;
  lessonFound: boolean;
  duration: number | null;
  watchPosition: number | null;
  totalWatchedSeconds: number | null;
  isCompleted: boolean | null;
}

/**
 * One round trip: the remaining checks (the token's user still exists, active access to the
 * course through the product-access rule, the lesson is enabled and in the course) and, only
 * when all pass, the progress upsert and the event insert. The upsert moves a row only when the
 * position advanced (rule 2: otherwise nothing changes); the position it writes is then the
 * greater one, the watched total the greatest seen, and completion is latched once the total
 * reaches the threshold, completed_at keeping its first value. ON CONFLICT takes the row lock and
 * re-reads the latest version, so concurrent heartbeats serialize on the row and none moves
 * anything back (the course_progress_only_forward trigger would refuse it anyway). When nothing
 * moved, the answer is the row as the statement found it.
 */
const HEARTBEAT_SQL = `
  WITH lesson AS (
    SELECT l.id, l.video_duration_seconds AS duration
      FROM lessons l
     WHERE l.id = :lessonId AND l.course_id = :courseId AND l.is_enabled
  ), gate AS (
    SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = :userId) AS user_exists,
           EXISTS (SELECT 1 FROM courses c JOIN product_access pa ON pa.product_id = c.product_id
                    WHERE c.id = :courseId AND pa.user_id = :userId AND ${activeAccessSql('pa')}) AS enrolled
  ), admitted AS (
    SELECT lesson.id, lesson.duration FROM lesson, gate WHERE gate.user_exists AND gate.enrolled
  ), progress AS (
    INSERT INTO course_progress AS cp
      (user_id, lesson_id, course_id, watch_position, total_watched_seconds, is_completed, completed_at, created_at, updated_at)
    SELECT :userId, a.id, :courseId, :position, :total,
           ${reachesCompletionSql(':total', 'a.duration')},
           CASE WHEN ${reachesCompletionSql(':total', 'a.duration')} THEN :at::timestamptz END,
           :at, :at
      FROM admitted a
    ON CONFLICT (user_id, lesson_id) DO UPDATE SET
      watch_position = EXCLUDED.watch_position,
      total_watched_seconds = GREATEST(cp.total_watched_seconds, EXCLUDED.total_watched_seconds),
      is_completed = cp.is_completed
        OR ${reachesCompletionSql('GREATEST(cp.total_watched_seconds, EXCLUDED.total_watched_seconds)', '(SELECT duration FROM admitted)')},
      completed_at = COALESCE(cp.completed_at,
        CASE WHEN ${reachesCompletionSql('GREATEST(cp.total_watched_seconds, EXCLUDED.total_watched_seconds)', '(SELECT duration FROM admitted)')}
             THEN EXCLUDED.updated_at END),
      updated_at = EXCLUDED.updated_at
    WHERE EXCLUDED.watch_position > cp.watch_position
    RETURNING cp.watch_position, cp.total_watched_seconds, cp.is_completed
  ), event AS (
    INSERT INTO watch_events (user_id, lesson_id, event_type, watch_position, total_watched_seconds)
    SELECT :userId, a.id, :eventType, :position, :total FROM admitted a
  )
  SELECT g.user_exists AS "userExists", g.enrolled,
         EXISTS (SELECT 1 FROM lesson) AS "lessonFound",
         (SELECT duration FROM lesson) AS duration,
         COALESCE(p.watch_position, stored.watch_position) AS "watchPosition",
         COALESCE(p.total_watched_seconds, stored.total_watched_seconds) AS "totalWatchedSeconds",
         COALESCE(p.is_completed, stored.is_completed) AS "isCompleted"
    FROM gate g
    LEFT JOIN progress p ON true
    LEFT JOIN course_progress stored ON stored.user_id = :userId AND stored.lesson_id = :lessonId AND g.enrolled`;

/**
 * POST /api/courses/:courseId/lessons/:lessonId/heartbeat after HeartbeatGate admitted the
 * caller: records the heartbeat and answers the lesson's progress.
 */
@Service()
export class RecordHeartbeatUseCase {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(actor: CustomerActor, courseId: string, lessonId: string, input: HeartbeatDto): Promise<HeartbeatView> {
    const [row] = await this.db.sequelize.query<HeartbeatRow>(HEARTBEAT_SQL, {
      replacements: {
        userId: actor.id,
        courseId: toRowId(courseId),
        lessonId: toRowId(lessonId),
        position: input.watchPosition,
        total: input.totalWatchedSeconds,
        eventType: (input.eventType ?? 'heartbeat') as WatchEventType,
        threshold: this.config.limits.completionThresholdPercent,
        at: this.clock.now(),
      },
      type: QueryTypes.SELECT,
    });
    if (!row.userExists) throw HeartbeatTokenExpired('The account for this token no longer exists');
    if (!row.enrolled) throw HeartbeatNotEnrolled();
    if (!row.lessonFound) throw HeartbeatLessonNotFound();
    const totalWatchedSeconds = row.totalWatchedSeconds ?? 0;
    return {
      watchPosition: row.watchPosition ?? 0,
      totalWatchedSeconds,
      isCompleted: row.isCompleted ?? false,
      watchPercentage: watchPercentage(totalWatchedSeconds, row.duration),
    };
  }
}

/** A path id as a serial id, or 0 (which names no row) when it is not one: the checks then fail in their order. */
function toRowId(value: string): number {
  const id = /^[0-9]{1,10}$/.test(value) ? Number(value) : 0;
  return isRowId(id) ? id : 0;
}
