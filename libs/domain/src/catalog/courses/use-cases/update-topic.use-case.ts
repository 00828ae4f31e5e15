import { Service } from 'typedi';
import { ValidationFailed } from '../../../shared';
import { CourseCatalogWrites } from '../course-catalog-writes.service';
import { requireCourse, requireTopic } from '../course.lookups';
import { toTopicView, TopicView } from '../course.views';
import type { UpdateTopicDto } from '../dto/curriculum.dto';

/** Renames or moves a topic of a course. */
@Service()
export class UpdateTopicUseCase {
  constructor(private readonly writes: CourseCatalogWrites) {}

  async execute(courseId: number, topicId: number, input: UpdateTopicDto): Promise<TopicView> {
    if (input.title === undefined && input.position === undefined) {
      throw ValidationFailed('Nothing to update: send title or position');
    }
    return this.writes.transaction(async (tx) => {
      const course = await requireCourse(courseId, tx);
      const topic = await requireTopic(course.id, topicId, tx);
      if (input.title !== undefined) topic.title = input.title;
      if (input.position !== undefined) topic.position = input.position;
      await topic.save({ transaction: tx });
      return toTopicView(topic);
    });
  }
}
