import { Service } from 'typedi';
import { Op, TrainingCohortModel, TrainingSessionModel, Transaction } from '@platform/db';
import { TrainingNotPublishable } from '../../training.errors';
import type { TrainingWithProduct } from '../../training.repository';

/**
 * When a training may be published, and the one place its product follows its status. The cart,
 * buy-now and enrollment look at the product, so `product.isPublished === (status === 'published')`
 * holds after every admin write (set in the same transaction).
 */
@Service()
export class TrainingPublicationService {
  /**
   * Publishing needs at least one session and one cohort that are not cancelled: a cancelled
   * session has nothing to watch and a cancelled cohort takes nobody, so a training with only
   * those would be a storefront page nobody can enroll in. 400 TRAINING_NOT_PUBLISHABLE names
   * what is missing. The caller holds the training's row lock.
   */
  async requirePublishable(trainingId: number, tx: Transaction): Promise<void> {
    const live = { trainingId, status: { [Op.ne]: 'cancelled' } };
    const sessions = await TrainingSessionModel.count({ where: live, transaction: tx });
    const cohorts = await TrainingCohortModel.count({ where: live, transaction: tx });
    const missing = [...(sessions === 0 ? ['a session'] : []), ...(cohorts === 0 ? ['a cohort (not cancelled)'] : [])];
    if (missing.length > 0) throw TrainingNotPublishable(missing);
  }

  /** Moves the training to `status` (checked when it becomes published) with its product's flag. */
  async moveTo(training: TrainingWithProduct, status: TrainingWithProduct['status'], tx: Transaction): Promise<void> {
    if (status === 'published' && training.status !== 'published') await this.requirePublishable(training.id, tx);
    training.status = status;
    training.product.isPublished = status === 'published';
  }
}
