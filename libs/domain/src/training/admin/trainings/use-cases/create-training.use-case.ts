import { Service } from 'typedi';
import { AccessType, TrainingModel } from '@platform/db';
import { ProductSlugs, ProductWriter } from '../../../../catalog';
import { slugify } from '../../../../shared';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import type { TrainingWithProduct } from '../../../training.repository';
import { accessDurationFor, CreateTrainingDto } from '../dto/training-write.dto';
import { AdminTrainingsService } from '../training-admin.service';
import type { TrainingResponseDto } from '../training-admin.views';

/**
 * POST /api/admin/training (CONTRACT §10): the training and its product of type `training`, in one
 * transaction; the training starts as `draft` and its product unpublished. A slug chosen or lost
 * to a concurrent writer is 409, as for courses.
 */
@Service()
export class CreateTrainingUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly products: ProductWriter,
    private readonly slugs: ProductSlugs,
    private readonly reads: AdminTrainingsService,
  ) {}

  async execute(input: CreateTrainingDto): Promise<TrainingResponseDto> {
    const { description, categoryId, tagId, isFree, accessType, accessDurationDays, ...productFields } = input;
    const durationDays = accessDurationFor(accessType as AccessType, accessDurationDays);
    return this.slugs.raceAsConflict(input.slug ?? slugify(input.title), () =>
      this.writes.transaction(async (tx) => {
        const product = await this.products.create('training', productFields, tx);
        const training = await TrainingModel.create(
          {
            productId: product.id,
            status: 'draft',
            description: description ?? null,
            categoryId: categoryId ?? null,
            tagId: tagId ?? null,
            isFree: isFree ?? false,
            accessType,
            accessDurationDays: durationDays,
          },
          { transaction: tx },
        );
        training.product = product;
        return this.reads.view(training as TrainingWithProduct, tx);
      }),
    );
  }
}
