import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { CourseProgressModel, Database } from '@platform/db';
import { activeAccessSql } from '../../access';
import { CourseNotFound, LessonNotFound, watchPercentage } from '../../catalog';
import { Clock, CustomerActor, Forbidden, rowIdFromPath } from '../../shared';
import type { HeartbeatView } from '../heartbeat/record-heartbeat.use-case';

interface CompletionRow {
  courseFound: boolean;
  enrolled: boolean;
  lessonFound: boolean;
  duration: number | null;
  watchPosition: number | null;
  totalWatchedSeconds: number | null;
}

/**
 * The checks (course, enabled lesson of that course, active access by the product-access rule)
 * and, only when all pass, the latch, in one statement. The upsert creates the row completed, or
 * completes an existing one only WHERE NOT is_completed, so completed_at keeps its first value
 * (learning-commerce.md, "Lesson completion": a one-way latch); ON CONFLICT locks the row and
 * re-reads its latest version, so a concurrent heartbeat or completion cannot be lost or undone.
 * When the row was already completed nothing is written, RETURNING is empty, and the stored row
 * is read next, in a statement of its own: this statement's snapshot may predate a concurrent
 * commit its ON CONFLICT saw, and would answer older progress than is stored.
 */
const COMPLETE_SQL = `
  WITH lesson AS (
    SELECT l.id, l.video_duration_seconds AS duration
      FROM lessons l
     WHERE l.id = :lessonId AND l.course_id = :courseId AND l.is_enabled
  ), gate AS (
    SELECT EXISTS (SELECT 1 FROM courses c WHERE c.id = :courseId) AS course_found,
           EXISTS (SELECT 1 FROM courses c JOIN product_access pa ON pa.product_id = c.product_id
                    WHERE c.id = :courseId AND pa.user_id = :userId AND ${activeAccessSql('pa')}) AS enrolled
  ), completed AS (
    INSERT INTO course_progress AS cp
      (user_id, lesson_id, course_id, watch_position, total_watched_seconds, is_completed, completed_at, created_at, updated_at)
    SELECT :userId, lesson.id, :courseId, 0, 0, true, :at, :at, :at
      FROM lesson, gate
     WHERE gate.enrolled
    ON CONFLICT (user_id, lesson_id) DO UPDATE SET
      is_completed = true,
      completed_at = EXCLUDED.completed_at,
      updated_at = EXCLUDED.updated_at
    WHERE NOT cp.is_completed
    RETURNING cp.watch_position, cp.total_watched_seconds
  )
  SELECT g.course_found AS "courseFound", g.enrolled,
         EXISTS (SELECT 1 FROM lesson) AS "lessonFound",
         (SELECT duration FROM lesson) AS duration,
         c.watch_position AS "watchPosition", c.total_watched_seconds AS "totalWatchedSeconds"
    FROM gate g
    LEFT JOIN completed c ON true`;

/**
 * POST /api/courses/:courseId/lessons/:lessonId/complete: the learner marks a lesson done
 * ("is_completed ... set automatically at the threshold or manually"). Idempotent: completing a
 * completed lesson changes nothing. Checks in order: course (404), lesson (404), access (403).
 */
@Service()
export class CompleteLessonUseCase {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute(actor: CustomerActor, courseIdParam: string, lessonIdParam: string): Promise<HeartbeatView> {
    const courseId = rowIdFromPath(courseIdParam);
    const lessonId = rowIdFromPath(lessonIdParam);
    const [row] = await this.db.sequelize.query<CompletionRow>(COMPLETE_SQL, {
      replacements: { userId: actor.id, courseId, lessonId, at: this.clock.now() },
      type: QueryTypes.SELECT,
    });
    if (!row.courseFound) throw CourseNotFound();
    if (!row.lessonFound) throw LessonNotFound();
    if (!row.enrolled) throw Forbidden('You need active access to this course to complete its lessons');
    const progress = row.watchPosition === null ? await this.storedRow(actor.id, lessonId) : row;
    const totalWatchedSeconds = progress.totalWatchedSeconds ?? 0;
    return {
      watchPosition: progress.watchPosition ?? 0,
      totalWatchedSeconds,
      // Whichever way the statement went, the row is completed now: it wrote the latch, or
      // found it already set (a row is skipped only WHERE it is completed).
      isCompleted: true,
      watchPercentage: watchPercentage(totalWatchedSeconds, row.duration),
    };
  }

  /** The row the completion statement found already completed (it exists: it was conflicted on). */
  private async storedRow(userId: string, lessonId: number): Promise<Pick<CompletionRow, 'watchPosition' | 'totalWatchedSeconds'>> {
    const row = await CourseProgressModel.findOne({ where: { userId, lessonId }, attributes: ['watchPosition', 'totalWatchedSeconds'] });
    return { watchPosition: row?.watchPosition ?? 0, totalWatchedSeconds: row?.totalWatchedSeconds ?? 0 };
  }
}
