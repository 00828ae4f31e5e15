import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { activeAccessSql } from '../../access';
import { CourseNotFound, watchPercentage } from '../../catalog';
import { Clock, CustomerActor, rowIdFromPath } from '../../shared';
import type { CourseProgressView, LessonProgressItemView } from './progress.views';

interface CourseGateRow {
  courseId: number;
  onSale: boolean;
  hasAccess: boolean;
}

const COURSE_GATE_SQL = `
  SELECT c.id AS "courseId",
         (p.is_published AND p.is_sellable) AS "onSale",
         EXISTS (SELECT 1 FROM product_access pa
                  WHERE pa.product_id = c.product_id AND pa.user_id = :userId AND ${activeAccessSql('pa')}) AS "hasAccess"
    FROM courses c
    JOIN products p ON p.id = c.product_id
   WHERE c.id = :courseId`;

interface OutlineRow {
  topicId: number;
  topicTitle: string;
  topicPosition: number;
  lessonId: number | null;
  title: string;
  position: number;
  videoDurationSeconds: number | null;
  isFreePreview: boolean;
  watchPosition: number | null;
  totalWatchedSeconds: number | null;
  isCompleted: boolean | null;
  completedAt: Date | null;
  updatedAt: Date | null;
  isLastWatched: boolean;
}

/**
 * Every topic with its enabled lessons in order, each with the caller's progress row (if any):
 * one statement whatever the lesson count. Rows of disabled lessons never join, so they count
 * nowhere; only the caller's rows join (the user id is part of the join), so another user's
 * progress cannot show. The most recently updated row is picked in SQL, at the database's
 * microsecond precision (ties go to the higher lesson id).
 */
const OUTLINE_SQL = `
  SELECT t.id AS "topicId", t.title AS "topicTitle", t.position AS "topicPosition",
         l.id AS "lessonId", l.title, l.position, l.video_duration_seconds AS "videoDurationSeconds",
         l.is_free_preview AS "isFreePreview",
         cp.watch_position AS "watchPosition", cp.total_watched_seconds AS "totalWatchedSeconds",
         cp.is_completed AS "isCompleted", cp.completed_at AS "completedAt", cp.updated_at AS "updatedAt",
         cp.updated_at IS NOT NULL
           AND row_number() OVER (ORDER BY cp.updated_at DESC NULLS LAST, l.id DESC) = 1 AS "isLastWatched"
    FROM course_topics t
    LEFT JOIN lessons l ON l.topic_id = t.id AND l.course_id = t.course_id AND l.is_enabled
    LEFT JOIN course_progress cp ON cp.user_id = :userId AND cp.lesson_id = l.id
   WHERE t.course_id = :courseId
   ORDER BY t.position, t.id, l.position, l.id`;

/**
 * GET /api/courses/:courseId/progress: the caller's progress through a course, lesson by lesson,
 * in two queries. The course is visible by the curriculum's rule: while it is on sale (published
 * and sellable), and always to those who hold access; otherwise it is not found.
 */
@Service()
export class CourseProgressService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async progress(actor: CustomerActor, courseIdParam: string): Promise<CourseProgressView> {
    const replacements = { userId: actor.id, courseId: rowIdFromPath(courseIdParam), at: this.clock.now() };
    const [course] = await this.db.sequelize.query<CourseGateRow>(COURSE_GATE_SQL, { replacements, type: QueryTypes.SELECT });
    if (!course || (!course.onSale && !course.hasAccess)) throw CourseNotFound();
    const rows = await this.db.sequelize.query<OutlineRow>(OUTLINE_SQL, { replacements, type: QueryTypes.SELECT });
    return toCourseProgress(course, rows);
  }
}

function toCourseProgress(course: CourseGateRow, rows: OutlineRow[]): CourseProgressView {
  const topics: CourseProgressView['topics'] = [];
  let totalLessons = 0;
  let completedLessons = 0;
  let lastWatched: CourseProgressView['lastWatched'] = null;
  for (const row of rows) {
    let topic = topics[topics.length - 1];
    if (topic?.id !== row.topicId) {
      topic = { id: row.topicId, title: row.topicTitle, position: row.topicPosition, lessons: [] };
      topics.push(topic);
    }
    if (row.lessonId === null) continue; // a topic without enabled lessons
    totalLessons += 1;
    if (row.isCompleted) completedLessons += 1;
    if (row.isLastWatched && row.updatedAt) {
      lastWatched = { lessonId: row.lessonId, watchPosition: row.watchPosition ?? 0, updatedAt: row.updatedAt };
    }
    topic.lessons.push(toLessonProgress(row, row.lessonId));
  }
  return {
    courseId: course.courseId,
    hasAccess: course.hasAccess,
    totalLessons,
    completedLessons,
    completionPercentage: totalLessons === 0 ? 0 : Math.round((completedLessons * 10_000) / totalLessons) / 100,
    lastWatched,
    topics,
  };
}

function toLessonProgress(row: OutlineRow, lessonId: number): LessonProgressItemView {
  const totalWatchedSeconds = row.totalWatchedSeconds ?? 0;
  return {
    id: lessonId,
    title: row.title,
    position: row.position,
    videoDurationSeconds: row.videoDurationSeconds,
    isFreePreview: row.isFreePreview,
    watchPosition: row.watchPosition,
    totalWatchedSeconds,
    isCompleted: row.isCompleted ?? false,
    completedAt: row.completedAt,
    watchPercentage: row.watchPosition === null ? null : watchPercentage(totalWatchedSeconds, row.videoDurationSeconds),
  };
}
