import { Service } from 'typedi';
import { Database } from '@platform/db';
import { requireCourse, requireLesson } from '../course.lookups';

/** Deletes a lesson of a course. */
@Service()
export class DeleteLessonUseCase {
  constructor(private readonly db: Database) {}

  async execute(courseId: number, lessonId: number): Promise<{ id: number }> {
    return this.db.transaction(async (tx) => {
      const course = await requireCourse(courseId, tx);
      const lesson = await requireLesson(course.id, lessonId, tx);
      await lesson.destroy({ transaction: tx });
      return { id: lesson.id };
    });
  }
}
