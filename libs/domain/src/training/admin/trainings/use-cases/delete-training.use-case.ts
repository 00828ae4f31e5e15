import { Service } from 'typedi';
import { Database, TrainingEnrollmentModel, Transaction } from '@platform/db';
import { ProductWriter } from '../../../../catalog';
import { DomainError } from '../../../../shared';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingRepository, TrainingWithProduct } from '../../../training.repository';
import type { TrainingDeleteResponseDto } from '../training-admin.views';

/**
 * DELETE /api/admin/training/:id. A training nobody enrolled in, bought or was granted is removed
 * with its product (the cascade takes its sessions, cohorts, schedule, form config and waitlist).
 * Otherwise it is archived: status `archived`, product unpublished, every row kept, because
 * enrollments, orders and access rows still name it (their foreign keys RESTRICT the delete).
 */
@Service()
export class DeleteTrainingUseCase {
  constructor(
    private readonly db: Database,
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly products: ProductWriter,
  ) {}

  execute(id: number): Promise<TrainingDeleteResponseDto> {
    return this.writes.transaction(async (tx) => {
      const training = await this.trainings.requireTraining(id, tx, true);
      const enrollments = await TrainingEnrollmentModel.count({ where: { trainingId: training.id }, transaction: tx });
      if (enrollments === 0 && (await this.removed(training, tx))) return { id: training.id, outcome: 'deleted', status: null };
      training.status = 'archived';
      training.product.isPublished = false;
      await training.product.save({ transaction: tx });
      await training.save({ transaction: tx });
      return { id: training.id, outcome: 'archived', status: 'archived' };
    });
  }

  /**
   * Deletes the product inside a savepoint: ProductWriter refuses (409 CONFLICT) a product with
   * access rows or one an order line or promotion still names (a foreign key), and the savepoint
   * keeps that refusal from aborting the transaction the archive then runs in.
   */
  private async removed(training: TrainingWithProduct, tx: Transaction): Promise<boolean> {
    try {
      await this.db.sequelize.transaction({ transaction: tx }, (savepoint) => this.products.delete(training.product, savepoint));
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'CONFLICT') return false;
      throw error;
    }
  }
}
