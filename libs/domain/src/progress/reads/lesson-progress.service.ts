import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { Storage } from '@platform/storage';
import { activeAccessSql } from '../../access';
import { CourseNotFound, LessonNotFound, watchPercentage } from '../../catalog';
import { Clock, CustomerActor, Forbidden, rowIdFromPath } from '../../shared';
import type { LessonContentView } from './progress.views';

interface LessonRow {
  courseId: number;
  onSale: boolean;
  hasAccess: boolean;
  lessonId: number | null;
  topicId: number;
  title: string;
  position: number;
  videoDurationSeconds: number | null;
  isFreePreview: boolean;
  videoKey: string | null;
  watchPosition: number | null;
  totalWatchedSeconds: number | null;
  isCompleted: boolean | null;
  completedAt: Date | null;
}

/**
 * The course (with whether it is on sale and whether the caller holds active access, by the
 * product-access rule), the enabled lesson of that course, and the caller's progress row in it:
 * one round trip. No row means no course; a null lesson id means the lesson is missing,
 * disabled or of another course.
 */
const LESSON_SQL = `
  SELECT c.id AS "courseId",
         (p.is_published AND p.is_sellable) AS "onSale",
         EXISTS (SELECT 1 FROM product_access pa
                  WHERE pa.product_id = c.product_id AND pa.user_id = :userId AND ${activeAccessSql('pa')}) AS "hasAccess",
         l.id AS "lessonId", l.topic_id AS "topicId", l.title, l.position,
         l.video_duration_seconds AS "videoDurationSeconds", l.is_free_preview AS "isFreePreview", l.video_key AS "videoKey",
         cp.watch_position AS "watchPosition", cp.total_watched_seconds AS "totalWatchedSeconds",
         cp.is_completed AS "isCompleted", cp.completed_at AS "completedAt"
    FROM courses c
    JOIN products p ON p.id = c.product_id
    LEFT JOIN lessons l ON l.id = :lessonId AND l.course_id = c.id AND l.is_enabled
    LEFT JOIN course_progress cp ON cp.user_id = :userId AND cp.lesson_id = l.id
   WHERE c.id = :courseId`;

/**
 * GET /api/courses/:courseId/lessons/:lessonId (learning-commerce.md, "Video progress and
 * resume"): the lesson's content with the caller's resume position. Checks in order: the course
 * exists and is on sale (published and sellable) or held by the caller (404), the lesson is
 * enabled and in it (404), then the caller holds active access or the lesson is a free preview (403).
 */
@Service()
export class LessonProgressService {
  constructor(
    private readonly db: Database,
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  async lesson(actor: CustomerActor, courseId: string, lessonId: string): Promise<LessonContentView> {
    const [row] = await this.db.sequelize.query<LessonRow>(LESSON_SQL, {
      replacements: { userId: actor.id, courseId: rowIdFromPath(courseId), lessonId: rowIdFromPath(lessonId), at: this.clock.now() },
      type: QueryTypes.SELECT,
    });
    // A course withdrawn from sale exists only for those who hold it (as in the curriculum).
    if (!row || (!row.onSale && !row.hasAccess)) throw CourseNotFound();
    if (row.lessonId === null) throw LessonNotFound();
    if (!row.hasAccess && !(row.isFreePreview && row.onSale)) {
      throw Forbidden('You need active access to this course to watch this lesson');
    }
    const video = row.videoKey ? await this.storage.resolveUrl(row.videoKey) : null;
    const totalWatchedSeconds = row.totalWatchedSeconds ?? 0;
    return {
      id: row.lessonId,
      courseId: row.courseId,
      topicId: row.topicId,
      title: row.title,
      position: row.position,
      videoDurationSeconds: row.videoDurationSeconds,
      isFreePreview: row.isFreePreview,
      videoKey: row.videoKey,
      videoUrl: video?.url ?? null,
      videoUrlExpiresAt: video?.expiresAt ? new Date(video.expiresAt).toISOString() : null,
      lastWatchPosition: row.watchPosition,
      watchPercentage: row.watchPosition === null ? null : watchPercentage(totalWatchedSeconds, row.videoDurationSeconds),
      totalWatchedSeconds,
      isCompleted: row.isCompleted ?? false,
      completedAt: row.completedAt,
    };
  }
}
