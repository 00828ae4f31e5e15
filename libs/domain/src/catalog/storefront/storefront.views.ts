import type { CourseModel, CourseTopicModel, LessonModel } from '@platform/db';
import type { StorageUrls } from '@platform/storage';
import { CourseView, CourseWithProduct, toCourseView } from '../courses/course.views';
import { watchPercentage } from '../courses/watch-percentage';

/** Counted over enabled lessons only: what a buyer actually gets. */
export interface LessonTotals {
  lessonCount: number;
  totalDurationSeconds: number;
}

export const NO_LESSONS: LessonTotals = { lessonCount: 0, totalDurationSeconds: 0 };

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

export function toCourseCard(course: CourseWithProduct, totals: LessonTotals, urls: StorageUrls): CourseCardView {
  const { product } = course;
  return {
    id: course.id,
    productId: product.id,
    title: product.title,
    slug: product.slug,
    mrpPaisa: product.mrpPaisa,
    spPaisa: product.spPaisa,
    thumbnailUrl: urls.publicUrl(course.thumbnailRef),
    trailerRef: course.trailerRef,
    trailerUrl: urls.publicUrl(course.trailerRef),
    ...totals,
  };
}

export function toStorefrontCourse(
  course: CourseWithProduct & { topics?: CourseTopicModel[] },
  totals: LessonTotals,
  urls: StorageUrls,
): StorefrontCourseView {
  const topics = (course.topics ?? []).map((topic) => ({ id: topic.id, title: topic.title, position: topic.position }));
  return { ...toCourseView(course, urls), ...totals, topics };
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
