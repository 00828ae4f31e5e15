import { Service } from 'typedi';
import { StorageUrls } from '@platform/storage';
import { ValidationFailed } from '../../../shared';
import { ProductWriter } from '../../products/product-writer.service';
import { CourseCatalogWrites } from '../course-catalog-writes.service';
import { requireCourse } from '../course.lookups';
import { CourseView, toCourseView } from '../course.views';
import type { UpdateCourseDto } from '../dto/course.dto';
import { productSlugHistory } from '../../slugs/product-slugs.service';

/** Product fields live on the product row and cannot be cleared; course fields may be set to null. */
const NOT_NULLABLE = ['title', 'slug', 'mrpPaisa', 'spPaisa', 'isSellable'] as const;

/**
 * Edits a course and its product. Prices are checked after merging with the stored ones (a PATCH
 * that only lowers mrpPaisa below spPaisa is refused); a new slug keeps the old one resolving.
 */
@Service()
export class UpdateCourseUseCase {
  constructor(
    private readonly writes: CourseCatalogWrites,
    private readonly products: ProductWriter,
    private readonly urls: StorageUrls,
  ) {}

  async execute(id: number, input: UpdateCourseDto): Promise<CourseView> {
    const present = Object.keys(input).filter((key) => input[key as keyof UpdateCourseDto] !== undefined);
    if (present.length === 0) throw ValidationFailed('Nothing to update: send at least one field');
    const nulls = NOT_NULLABLE.filter((field) => input[field] === null);
    if (nulls.length > 0) {
      throw ValidationFailed(
        `${nulls[0]} must not be null`,
        nulls.map((field) => ({ field, code: 'isNotNull', message: `${field} must not be null` })),
      );
    }
    const { description, thumbnailRef, ...productFields } = input;
    const course = await productSlugHistory.raceAsConflict(input.slug ?? '', () =>
      this.writes.transaction(async (tx) => {
        const found = await requireCourse(id, tx, true);
        await this.products.update(found.product, productFields, tx);
        if (description !== undefined) found.description = description;
        if (thumbnailRef !== undefined) found.thumbnailRef = thumbnailRef;
        // The course's updatedAt is the one the admin list sorts on: touch it for product edits too.
        found.changed('updatedAt', true);
        await found.save({ transaction: tx });
        return found;
      }),
    );
    return toCourseView(course, this.urls);
  }
}
