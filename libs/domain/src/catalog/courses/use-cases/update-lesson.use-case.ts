import { Service } from 'typedi';
import { ValidationFailed } from '../../../shared';
import { CourseCatalogWrites } from '../course-catalog-writes.service';
import { nextLessonPosition, requireCourse, requireLesson, requireTopic } from '../course.lookups';
import { LessonView, toLessonView } from '../course.views';
import type { UpdateLessonDto } from '../dto/curriculum.dto';

const FIELDS = ['title', 'position', 'isEnabled', 'isFreePreview', 'videoDurationSeconds', 'videoKey'] as const;

/**
 * Edits a lesson of a course. `topicId` moves it to another topic of the same course (a topic
 * of another course is 404); without a position it goes after that topic's last lesson.
 */
@Service()
export class UpdateLessonUseCase {
  constructor(private readonly writes: CourseCatalogWrites) {}

  async execute(courseId: number, lessonId: number, input: UpdateLessonDto): Promise<LessonView> {
    if (input.topicId === undefined && FIELDS.every((field) => input[field] === undefined)) {
      throw ValidationFailed('Nothing to update: send at least one field');
    }
    return this.writes.transaction(async (tx) => {
      const course = await requireCourse(courseId, tx);
      const lesson = await requireLesson(course.id, lessonId, tx);
      if (input.topicId !== undefined && input.topicId !== lesson.topicId) {
        const topic = await requireTopic(course.id, input.topicId, tx);
        lesson.topicId = topic.id;
        if (input.position === undefined) lesson.position = await nextLessonPosition(topic.id, tx);
      }
      for (const field of FIELDS) {
        if (input[field] !== undefined) lesson.set(field, input[field]);
      }
      await lesson.save({ transaction: tx });
      return toLessonView(lesson);
    });
  }
}
