import type { CourseModel, CourseTopicModel, LessonModel } from '@platform/db';
import type { StorageUrls } from '@platform/storage';
import type { CourseView } from '../courses/course.views';
import { watchPercentage } from '../courses/watch-percentage';
import type { CourseCardRow, StorefrontCourseRow } from './storefront.repository';

/** Counted over enabled lessons only: what a buyer actually gets. */
export interface LessonTotals {
  lessonCount: number;
  totalDurationSeconds: number;
}

/** One course in the storefront list. */
export interface CourseCardView extends LessonTotals {
  id: number;
  productId: number;
  title: string;
  slug: string;
  mrpPaisa: number;
  spPaisa: number;
  thumbnailUrl: string | null;
  trailerRef: string | null;
  trailerUrl: string | null;
}

/** The storefront course page: CourseResponseDto fields plus the outline (topic titles). */
export interface StorefrontCourseView extends CourseView, LessonTotals {
  topics: Array<{ id: number; title: string; position: number }>;
}

export interface CurriculumLessonView {
  id: number;
  title: string;
  position: number;
  videoDurationSeconds: number | null;
  isFreePreview: boolean;
  /** Present only when the caller may play the lesson (access, or a free preview). */
  videoKey?: string | null;
  /** The caller's watched share, 0-100; null for anonymous callers, without a duration or without progress. */
  watchPercentage: number | null;
}

export interface CurriculumView {
  courseId: number;
  hasAccess: boolean;
  topics: Array<{ id: number; title: string; position: number; lessons: CurriculumLessonView[] }>;
}

export function toCourseCard(row: CourseCardRow, urls: StorageUrls): CourseCardView {
  return {
    id: row.id,
    productId: row.productId,
    title: row.title,
    slug: row.slug,
    mrpPaisa: row.mrpPaisa,
    spPaisa: row.spPaisa,
    thumbnailUrl: urls.publicUrl(row.thumbnailRef),
    trailerRef: row.trailerRef,
    trailerUrl: urls.publicUrl(row.trailerRef),
    ...lessonTotals(row),
  };
}

/** CourseView's fields in toCourseView's order (the answer's key order), then the totals and the outline. */
export function toStorefrontCourse(row: StorefrontCourseRow, urls: StorageUrls): StorefrontCourseView {
  return {
    id: row.id,
    productId: row.productId,
    title: row.title,
    slug: row.slug,
    description: row.description,
    mrpPaisa: row.mrpPaisa,
    spPaisa: row.spPaisa,
    isPublished: row.isPublished,
    isSellable: row.isSellable,
    thumbnailRef: row.thumbnailRef,
    thumbnailUrl: urls.publicUrl(row.thumbnailRef),
    trailerRef: row.trailerRef,
    trailerUrl: urls.publicUrl(row.trailerRef),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...lessonTotals(row),
    topics: row.topics,
  };
}

function lessonTotals(row: CourseCardRow): LessonTotals {
  return { lessonCount: row.lessonCount, totalDurationSeconds: Number(row.totalDurationSeconds) };
}

/**
 * The curriculum a caller may see. The video key is copied only for a caller with access or a
 * free-preview lesson, so a key cannot leak through a forgotten field. `watchedSeconds` holds
 * the caller's watched seconds by lesson id (empty for anonymous callers).
 */
export function toCurriculum(
  course: CourseModel,
  hasAccess: boolean,
  topics: Array<CourseTopicModel & { lessons?: LessonModel[] }>,
  watchedSeconds: ReadonlyMap<number, number> = new Map(),
): CurriculumView {
  return {
    courseId: course.id,
    hasAccess,
    topics: topics.map((topic) => ({
      id: topic.id,
      title: topic.title,
      position: topic.position,
      lessons: (topic.lessons ?? []).map((lesson) =>
        toCurriculumLesson(lesson, hasAccess || lesson.isFreePreview, watchedSeconds.get(lesson.id)),
      ),
    })),
  };
}

function toCurriculumLesson(lesson: LessonModel, canPlay: boolean, watchedSeconds: number | undefined): CurriculumLessonView {
  const view: CurriculumLessonView = {
    id: lesson.id,
    title: lesson.title,
    position: lesson.position,
    videoDurationSeconds: lesson.videoDurationSeconds,
    isFreePreview: lesson.isFreePreview,
    watchPercentage: watchPercentage(watchedSeconds, lesson.videoDurationSeconds),
  };
  if (canPlay) view.videoKey = lesson.videoKey;
  return view;
}
