import { Service } from 'typedi';
import { StorageUrls } from '@platform/storage';
import { ProductWriter } from '../../products/product-writer.service';
import { CourseCatalogWrites } from '../course-catalog-writes.service';
import { requireCourse } from '../course.lookups';
import { CourseView, toCourseView } from '../course.views';

/** Publishes or unpublishes a course (its product); repeating either is harmless. */
@Service()
export class SetCoursePublishedUseCase {
  constructor(
    private readonly writes: CourseCatalogWrites,
    private readonly products: ProductWriter,
    private readonly urls: StorageUrls,
  ) {}

  async execute(id: number, isPublished: boolean): Promise<CourseView> {
    const course = await this.writes.transaction(async (tx) => {
      const found = await requireCourse(id, tx, true);
      await this.products.setPublished(found.product, isPublished, tx);
      found.changed('updatedAt', true);
      await found.save({ transaction: tx });
      return found;
    });
    return toCourseView(course, this.urls);
  }
}
