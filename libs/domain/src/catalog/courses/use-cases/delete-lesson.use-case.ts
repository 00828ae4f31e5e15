import { Service } from 'typedi';
import { CourseCatalogWrites } from '../course-catalog-writes.service';
import { requireCourse, requireLesson } from '../course.lookups';

/** Deletes a lesson of a course. */
@Service()
export class DeleteLessonUseCase {
  constructor(private readonly writes: CourseCatalogWrites) {}

  async execute(courseId: number, lessonId: number): Promise<{ id: number }> {
    return this.writes.transaction(async (tx) => {
      const course = await requireCourse(courseId, tx);
      const lesson = await requireLesson(course.id, lessonId, tx);
      await lesson.destroy({ transaction: tx });
      return { id: lesson.id };
    });
  }
}
