import type { ContainerInstance } from 'typedi';
import { CourseProgressModel, LessonModel } from '@platform/db';
import { createCustomer, grantAccess, TestCourse, TestCustomer } from '@platform/testing';

/** A new customer holding lifetime access to `course`. */
export async function courseOwner(container: ContainerInstance, course: TestCourse): Promise<TestCustomer> {
  const customer = await createCustomer(container);
  await grantAccess(customer.id, course.product.id);
  return customer;
}

/** A course_progress row written directly (unwatched unless `fields` say otherwise). */
export function createProgress(userId: string, lesson: LessonModel, fields: Partial<CourseProgressModel> = {}): Promise<CourseProgressModel> {
  return CourseProgressModel.create({
    userId,
    lessonId: lesson.id,
    courseId: lesson.courseId,
    watchPosition: 0,
    totalWatchedSeconds: 0,
    isCompleted: false,
    completedAt: null,
    ...fields,
  });
}
