import { CourseModel, CourseTopicModel, LessonModel, ProductModel, Transaction } from '@platform/db';
import { CourseNotFound, LessonNotFound, TopicNotFound } from '../catalog.errors';
import type { CourseWithProduct } from './course.views';
import { isRowId } from '../../shared';

/** A PostgreSQL `integer` id; anything else names no row (and must not reach SQL as an overflow). */

/**
 * The course with its product, or 404. With `lock`, the product row is locked for the rest of
 * the transaction, so concurrent edits of one course's product queue instead of overwriting.
 */
export async function requireCourse(id: number, tx?: Transaction, lock = false): Promise<CourseWithProduct> {
  if (!isRowId(id)) throw CourseNotFound();
  const course = await CourseModel.findByPk(id, { include: [ProductModel], transaction: tx });
  if (!course?.product) throw CourseNotFound();
  if (lock && tx) {
    const product = await ProductModel.findByPk(course.productId, { transaction: tx, lock: tx.LOCK.UPDATE });
    if (!product) throw CourseNotFound();
    course.product = product;
  }
  return course as CourseWithProduct;
}

/** A topic of this course; a topic of another course is as unknown as a missing one. */
export async function requireTopic(courseId: number, topicId: number, tx?: Transaction): Promise<CourseTopicModel> {
  const topic = isRowId(topicId) ? await CourseTopicModel.findOne({ where: { id: topicId, courseId }, transaction: tx }) : null;
  if (!topic) throw TopicNotFound();
  return topic;
}

/** A lesson of this course; a lesson of another course is as unknown as a missing one. */
export async function requireLesson(courseId: number, lessonId: number, tx?: Transaction): Promise<LessonModel> {
  const lesson = isRowId(lessonId) ? await LessonModel.findOne({ where: { id: lessonId, courseId }, transaction: tx }) : null;
  if (!lesson) throw LessonNotFound();
  return lesson;
}

/** The position after the last sibling (0 for the first). */
export async function nextTopicPosition(courseId: number, tx: Transaction): Promise<number> {
  const last = await CourseTopicModel.max<number | null, CourseTopicModel>('position', { where: { courseId }, transaction: tx });
  return last === null || last === undefined ? 0 : last + 1;
}

export async function nextLessonPosition(topicId: number, tx: Transaction): Promise<number> {
  const last = await LessonModel.max<number | null, LessonModel>('position', { where: { topicId }, transaction: tx });
  return last === null || last === undefined ? 0 : last + 1;
}
