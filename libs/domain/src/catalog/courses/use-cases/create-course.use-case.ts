import { Service } from 'typedi';
import { CourseModel } from '@platform/db';
import { StorageUrls } from '@platform/storage';
import { ProductWriter } from '../../products/product-writer.service';
import { slugify } from '../../../shared';
import { CourseCatalogWrites } from '../course-catalog-writes.service';
import { CourseView, CourseWithProduct, toCourseView } from '../course.views';
import type { CreateCourseDto } from '../dto/course.dto';
import { productSlugHistory } from '../../slugs/product-slugs.service';

/** Creates a course and its product, unpublished, in one transaction. */
@Service()
export class CreateCourseUseCase {
  constructor(
    private readonly writes: CourseCatalogWrites,
    private readonly products: ProductWriter,
    private readonly urls: StorageUrls,
  ) {}

  async execute(input: CreateCourseDto): Promise<CourseView> {
    const { description, thumbnailRef, ...productFields } = input;
    const course = await productSlugHistory.raceAsConflict(input.slug ?? slugify(input.title), () =>
      this.writes.transaction(async (tx) => {
        const product = await this.products.create('course', productFields, tx);
        const created = await CourseModel.create(
          { productId: product.id, description: description ?? null, thumbnailRef: thumbnailRef ?? null },
          { transaction: tx },
        );
        created.product = product;
        return created as CourseWithProduct;
      }),
    );
    return toCourseView(course, this.urls);
  }
}
