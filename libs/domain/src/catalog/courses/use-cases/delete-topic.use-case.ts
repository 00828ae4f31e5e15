import { Service } from 'typedi';
import { CourseCatalogWrites } from '../course-catalog-writes.service';
import { requireCourse, requireTopic } from '../course.lookups';

/** Deletes a topic of a course together with its lessons (lessons_topic_fk cascades). */
@Service()
export class DeleteTopicUseCase {
  constructor(private readonly writes: CourseCatalogWrites) {}

  async execute(courseId: number, topicId: number): Promise<{ id: number }> {
    return this.writes.transaction(async (tx) => {
      const course = await requireCourse(courseId, tx);
      const topic = await requireTopic(course.id, topicId, tx);
      await topic.destroy({ transaction: tx });
      return { id: topic.id };
    });
  }
}
