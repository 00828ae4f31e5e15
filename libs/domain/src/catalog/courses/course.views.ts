import type { CourseModel, CourseTopicModel, LessonModel, ProductModel } from '@platform/db';
import type { StorageUrls } from '@platform/storage';

/**
 * CourseResponseDto (learning-commerce.md "Trailer fields"): `id`, `title`, `trailerRef` and
 * `trailerUrl`, resolved on every read, plus the catalog fields the admin panel and the store use.
 */
export interface CourseView {
  id: number;
  productId: number;
  title: string;
  slug: string;
  description: string | null;
  mrpPaisa: number;
  spPaisa: number;
  isPublished: boolean;
  isSellable: boolean;
  thumbnailRef: string | null;
  thumbnailUrl: string | null;
  trailerRef: string | null;
  trailerUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type CourseWithProduct = CourseModel & { product: ProductModel };

export function toCourseView(course: CourseWithProduct, urls: StorageUrls): CourseView {
  const { product } = course;
  return {
    id: course.id,
    productId: product.id,
    title: product.title,
    slug: product.slug,
    description: course.description,
    mrpPaisa: product.mrpPaisa,
    spPaisa: product.spPaisa,
    isPublished: product.isPublished,
    isSellable: product.isSellable,
    thumbnailRef: course.thumbnailRef,
    thumbnailUrl: urls.publicUrl(course.thumbnailRef),
    trailerRef: course.trailerRef,
    trailerUrl: urls.publicUrl(course.trailerRef),
    createdAt: course.createdAt,
    updatedAt: course.updatedAt,
  };
}

/** A topic as admins see it. */
export interface TopicView {
  id: number;
  courseId: number;
  title: string;
  position: number;
}

/** A lesson as admins see it: every field, including the private video key. */
export interface LessonView {
  id: number;
  courseId: number;
  topicId: number;
  title: string;
  position: number;
  isEnabled: boolean;
  isFreePreview: boolean;
  videoDurationSeconds: number | null;
  videoKey: string | null;
}

/** The admin curriculum: every topic with every lesson, disabled ones included. */
export interface AdminCurriculumView {
  courseId: number;
  topics: Array<TopicView & { lessons: LessonView[] }>;
}

export function toTopicView(topic: CourseTopicModel): TopicView {
  return { id: topic.id, courseId: topic.courseId, title: topic.title, position: topic.position };
}

export function toLessonView(lesson: LessonModel): LessonView {
  return {
    id: lesson.id,
    courseId: lesson.courseId,
    topicId: lesson.topicId,
    title: lesson.title,
    position: lesson.position,
    isEnabled: lesson.isEnabled,
    isFreePreview: lesson.isFreePreview,
    videoDurationSeconds: lesson.videoDurationSeconds,
    videoKey: lesson.videoKey,
  };
}
