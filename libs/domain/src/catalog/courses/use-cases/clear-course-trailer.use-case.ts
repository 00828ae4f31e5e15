import { Service } from 'typedi';
import { TrailerFiles } from '../../../uploads';
import { CourseCatalogWrites } from '../course-catalog-writes.service';
import { requireCourse } from '../course.lookups';

/**
 * Clears a course's trailer (learning-commerce.md, "Course trailers", rule 5): trailerRef becomes
 * null first, then the old object is deleted best effort when it was a managed `public/trailer/` key.
 */
@Service()
export class ClearCourseTrailerUseCase {
  constructor(
    private readonly writes: CourseCatalogWrites,
    private readonly trailers: TrailerFiles,
  ) {}

  async execute(courseId: number): Promise<{ id: number; trailerRef: null; trailerUrl: null }> {
    await this.trailers.clear(() =>
      this.writes.transaction(async (tx) => {
        const course = await requireCourse(courseId, tx, true);
        const previous = course.trailerRef;
        if (previous !== null) {
          course.trailerRef = null;
          await course.save({ transaction: tx });
        }
        return previous;
      }),
    );
    return { id: courseId, trailerRef: null, trailerUrl: null };
  }
}
