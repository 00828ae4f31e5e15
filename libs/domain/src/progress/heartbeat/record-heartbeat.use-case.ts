import { Inject, Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import type { AppConfig } from '@platform/config';
import { Database, preparedStatement, WatchEventType } from '@platform/db';
import { activeAccessSql } from '../../access';
import { Clock, CONFIG, CustomerActor, rowIdFromPath } from '../../shared';
import { HeartbeatLessonNotFound, HeartbeatNotEnrolled, HeartbeatTokenExpired } from '../progress.errors';
import { watchPercentage } from '../../catalog';
import { reachesCompletionSql } from '../lesson-completion';
import type { HeartbeatDto } from './heartbeat.dto';

/** The heartbeat answer (learning-commerce.md: `{ watchPosition, totalWatchedSeconds, isCompleted, watchPercentage }`). */
export interface HeartbeatView {
  watchPosition: number;
  totalWatchedSeconds: number;
  isCompleted: boolean;
  /** Null only for a lesson without a video duration. */
  watchPercentage: number | null;
}

type ProgressRow = Pick<HeartbeatView, 'watchPosition' | 'totalWatchedSeconds' | 'isCompleted'>;

/** The checks' outcome, and the progress when the heartbeat moved it (all null when it moved nothing). */
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
 * moved, RETURNING is empty and the stored row is read next (STORED_SQL).
 */
const HEARTBEAT_SQL = preparedStatement(
  'progress.heartbeat',
  `
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
         p.watch_position AS "watchPosition", p.total_watched_seconds AS "totalWatchedSeconds", p.is_completed AS "isCompleted"
    FROM gate g
    LEFT JOIN progress p ON true`,
  {
    userId: 'uuid',
    courseId: 'integer',
    lessonId: 'integer',
    position: 'integer',
    total: 'integer',
    eventType: 'text',
    threshold: 'integer',
    at: 'timestamptz',
  },
);

/**
 * The stored progress, read after a heartbeat that moved nothing. A separate statement on
 * purpose: the heartbeat statement's snapshot may predate a concurrent heartbeat's commit
 * that its ON CONFLICT saw, and would then answer older progress than is stored.
 */
const STORED_SQL = `
  SELECT watch_position AS "watchPosition", total_watched_seconds AS "totalWatchedSeconds", is_completed AS "isCompleted"
    FROM course_progress WHERE user_id = :userId AND lesson_id = :lessonId`;

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
    const ids = { userId: actor.id, courseId: rowIdFromPath(courseId), lessonId: rowIdFromPath(lessonId) };
    const replacements = {
      ...ids,
      position: input.watchPosition,
      total: input.totalWatchedSeconds,
      eventType: (input.eventType ?? 'heartbeat') as WatchEventType,
      threshold: this.config.limits.completionThresholdPercent,
      at: this.clock.now(),
    };
    // The platform's hottest statement: prepared, so it is parsed and planned once per connection.
    const run = () => this.db.prepared<HeartbeatRow>(HEARTBEAT_SQL, replacements);
    // A statement routed to the DEFAULT partition while the maintenance job was creating that
    // month's partition fails its partition check once the job commits; run anew, it is routed
    // to the new partition (the failed one changed nothing).
    const [row] = await run().catch((error: unknown) => (isPartitionRerouted(error) ? run() : Promise.reject(error)));
    if (!row.userExists) throw HeartbeatTokenExpired('The account for this token no longer exists');
    if (!row.enrolled) throw HeartbeatNotEnrolled();
    if (!row.lessonFound) throw HeartbeatLessonNotFound();
    const { watchPosition, totalWatchedSeconds, isCompleted } = row.watchPosition === null ? await this.stored(ids) : (row as ProgressRow);
    return { watchPosition, totalWatchedSeconds, isCompleted, watchPercentage: watchPercentage(totalWatchedSeconds, row.duration) };
  }

  private async stored(ids: { userId: string; lessonId: number }): Promise<ProgressRow> {
    const [stored] = await this.db.sequelize.query<ProgressRow>(STORED_SQL, { replacements: ids, type: QueryTypes.SELECT });
    // The row exists: a heartbeat that moved nothing met it in ON CONFLICT, and rows are never deleted while the lesson lives.
    return stored ?? { watchPosition: 0, totalWatchedSeconds: 0, isCompleted: false };
  }
}

/** PostgreSQL's check_violation raised for a row whose partition was attached while it waited (a pg error). */
function isPartitionRerouted(error: unknown): boolean {
  const cause = error as { code?: string; message?: string };
  return cause.code === '23514' && /violates partition constraint/.test(cause.message ?? '');
}
