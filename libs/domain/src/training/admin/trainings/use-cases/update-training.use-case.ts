import { Service } from 'typedi';
import type { AccessType, TrainingStatus } from '@platform/db';
import { ProductSlugs, ProductWriter } from '../../../../catalog';
import { ValidationFailed } from '../../../../shared';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingRepository, TrainingWithProduct } from '../../../training.repository';
import { accessDurationFor, UpdateTrainingDto } from '../dto/training-write.dto';
import { AdminTrainingsService } from '../training-admin.service';
import type { TrainingResponseDto } from '../training-admin.views';
import { TrainingPublicationService } from '../training-publication.service';

/**
 * PATCH /api/admin/training/:id (CONTRACT §10): edits the training and its product under the
 * training's row lock. Prices and the access rule are checked on the merged values; `status`
 * moves the product's publication with it; `trailerRef` is written as sent (no managed replace,
 * no cleanup of the previous object, legacy values allowed).
 */
@Service()
export class UpdateTrainingUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly products: ProductWriter,
    private readonly slugs: ProductSlugs,
    private readonly publication: TrainingPublicationService,
    private readonly reads: AdminTrainingsService,
  ) {}

  async execute(id: number, input: UpdateTrainingDto): Promise<TrainingResponseDto> {
    const present = Object.keys(input).filter((key) => input[key as keyof UpdateTrainingDto] !== undefined);
    if (present.length === 0) throw ValidationFailed('Nothing to update: send at least one field');
    const { description, categoryId, tagId, isFree, isFeatured, status, accessType, accessDurationDays, thumbnailRef, trailerRef, ...productFields } =
      input;
    return this.slugs.raceAsConflict(input.slug ?? '', () =>
      this.writes.transaction(async (tx) => {
        const training = await this.trainings.requireTraining(id, tx, true);
        this.applyAccess(training, accessType as AccessType | undefined, accessDurationDays);
        await this.publication.moveTo(training, (status as TrainingStatus | undefined) ?? training.status, tx);
        await this.products.update(training.product, productFields, tx);
        if (description !== undefined) training.description = description;
        if (categoryId !== undefined) training.categoryId = categoryId;
        if (tagId !== undefined) training.tagId = tagId;
        if (isFree !== undefined) training.isFree = isFree;
        if (isFeatured !== undefined) training.isFeatured = isFeatured;
        if (thumbnailRef !== undefined) training.thumbnailRef = thumbnailRef;
        if (trailerRef !== undefined) training.trailerRef = trailerRef;
        // The list sorts on the training's updatedAt: touch it for product-only edits too.
        training.changed('updatedAt', true);
        await training.save({ transaction: tx });
        return this.reads.view(training, tx);
      }),
    );
  }

  /**
   * Switching to time_limited needs accessDurationDays (in this body or already stored for
   * time_limited); switching to lifetime clears it; a duration for lifetime access is refused.
   */
  private applyAccess(training: TrainingWithProduct, accessType: AccessType | undefined, days: number | null | undefined): void {
    if (accessType === undefined && days === undefined) return;
    const type = accessType ?? training.accessType;
    const storedDays = type === training.accessType ? training.accessDurationDays : null;
    training.accessDurationDays = accessDurationFor(type, days === undefined ? storedDays : days);
    training.accessType = type;
  }
}
