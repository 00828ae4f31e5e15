import { Service } from 'typedi';
import { LessonModel } from '@platform/db';
import { CourseCatalogWrites } from '../course-catalog-writes.service';
import { nextLessonPosition, requireCourse, requireTopic } from '../course.lookups';
import { LessonView, toLessonView } from '../course.views';
import type { CreateLessonDto } from '../dto/curriculum.dto';

/** Adds a lesson to a topic of a course: enabled, not a free preview, last, unless told otherwise. */
@Service()
export class CreateLessonUseCase {
  constructor(private readonly writes: CourseCatalogWrites) {}

  async execute(courseId: number, topicId: number, input: CreateLessonDto): Promise<LessonView> {
    return this.writes.transaction(async (tx) => {
      const course = await requireCourse(courseId, tx);
      const topic = await requireTopic(course.id, topicId, tx);
      const lesson = await LessonModel.create(
        {
          courseId: course.id,
          topicId: topic.id,
          title: input.title,
          position: input.position ?? (await nextLessonPosition(topic.id, tx)),
          isEnabled: input.isEnabled ?? true,
          isFreePreview: input.isFreePreview ?? false,
          videoDurationSeconds: input.videoDurationSeconds ?? null,
          videoKey: input.videoKey ?? null,
        },
        { transaction: tx },
      );
      return toLessonView(lesson);
    });
  }
}
