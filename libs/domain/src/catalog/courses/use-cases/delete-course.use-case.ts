import { Service } from 'typedi';
import { ProductWriter } from '../../products/product-writer.service';
import { CourseCatalogWrites } from '../course-catalog-writes.service';
import { requireCourse } from '../course.lookups';

/**
 * Deletes a course with its product, topics and lessons (cascade). A product someone was granted
 * (or that an order or promotion still names) is refused with 409; unpublish it instead.
 */
@Service()
export class DeleteCourseUseCase {
  constructor(
    private readonly writes: CourseCatalogWrites,
    private readonly products: ProductWriter,
  ) {}

  async execute(id: number): Promise<{ id: number }> {
    return this.writes.transaction(async (tx) => {
      const course = await requireCourse(id, tx, true);
      await this.products.delete(course.product, tx);
      return { id: course.id };
    });
  }
}
