import { Service } from 'typedi';
import { CourseTopicModel } from '@platform/db';
import { CourseCatalogWrites } from '../course-catalog-writes.service';
import { nextTopicPosition, requireCourse } from '../course.lookups';
import { toTopicView, TopicView } from '../course.views';
import type { CreateTopicDto } from '../dto/curriculum.dto';

/** Adds a topic to a course, after the last one unless a position is given. */
@Service()
export class CreateTopicUseCase {
  constructor(private readonly writes: CourseCatalogWrites) {}

  async execute(courseId: number, input: CreateTopicDto): Promise<TopicView> {
    return this.writes.transaction(async (tx) => {
      const course = await requireCourse(courseId, tx);
      const topic = await CourseTopicModel.create(
        { courseId: course.id, title: input.title, position: input.position ?? (await nextTopicPosition(course.id, tx)) },
        { transaction: tx },
      );
      return toTopicView(topic);
    });
  }
}
