import { Service } from 'typedi';
import { Database } from '@platform/db';
import { TrailerFiles } from '../../../uploads';
import { requireCourse } from '../course.lookups';

/**
 * Clears a course's trailer (learning-commerce.md, "Course trailers", rule 5): trailerRef becomes
 * null first, then the old object is deleted best effort when it was a managed `public/trailer/` key.
 */
@Service()
export class ClearCourseTrailerUseCase {
  constructor(
    private readonly db: Database,
    private readonly trailers: TrailerFiles,
  ) {}

  async execute(courseId: number): Promise<{ id: number; trailerRef: null; trailerUrl: null }> {
    await this.trailers.clear(() =>
      this.db.transaction(async (tx) => {
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
