import { Service } from 'typedi';
import { StorageUrls } from '@platform/storage';
import { TrailerFiles, UploadedFileInput } from '../../../uploads';
import { CourseCatalogWrites } from '../course-catalog-writes.service';
import { requireCourse } from '../course.lookups';

export interface CourseTrailerView {
  id: number;
  title: string;
  trailerRef: string | null;
  trailerUrl: string | null;
}

/**
 * Uploads or replaces a course's trailer (learning-commerce.md, "Course trailers", rules 1-4):
 * validate; store the file as upload type `trailer`; point the course at the new key; then delete
 * the previous object, best effort and only when it was a managed `public/trailer/` key. The
 * course moves to the new trailer only after the upload succeeded (a storage failure is 502 with
 * the course unchanged); if the course cannot be saved, the new object is deleted again. The
 * order of work is TrailerFiles.replace, shared with training trailers.
 */
@Service()
export class UploadCourseTrailerUseCase {
  constructor(
    private readonly writes: CourseCatalogWrites,
    private readonly trailers: TrailerFiles,
    private readonly urls: StorageUrls,
  ) {}

  async execute(courseId: number, file: UploadedFileInput | undefined): Promise<CourseTrailerView> {
    await requireCourse(courseId); // an unknown course is 404 before anything is stored
    const { key, title } = await this.trailers.replace(file, (newKey) =>
      this.writes.transaction(async (tx) => {
        // The product row lock serializes trailer changes with every other edit of this course,
        // so two concurrent uploads each see (and clean up) the trailer the other replaced.
        const course = await requireCourse(courseId, tx, true);
        const previousRef = course.trailerRef;
        course.trailerRef = newKey;
        await course.save({ transaction: tx });
        return { previousRef, title: course.product.title };
      }),
    );
    return { id: courseId, title, trailerRef: key, trailerUrl: this.urls.publicUrl(key) };
  }
}
