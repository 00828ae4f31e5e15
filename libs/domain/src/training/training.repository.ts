import { Service } from 'typedi';
import { ProductModel, TrainingCohortModel, TrainingModel, TrainingSessionModel, Transaction } from '@platform/db';
import { isRowId } from '../shared';
import { TrainingCohortNotFound, TrainingNotFound, TrainingSessionNotFound } from './training.errors';

export type TrainingWithProduct = TrainingModel & { product: ProductModel };

/**
 * Finds the rows of one training, or answers its 404. A session or cohort of another training is
 * as unknown as a missing one. With `lock` (inside `tx`) the row is locked for the transaction,
 * so concurrent edits queue instead of overwriting each other.
 *
 * Lock order, for every writer: training, then its product, then a cohort or session. A use case
 * that needs several takes them in this order, so two of them never wait on each other.
 */
@Service()
export class TrainingRepository {
  /** The training with its product; `lock` locks both rows (training first, then product). */
  async requireTraining(id: number, tx?: Transaction, lock = false): Promise<TrainingWithProduct> {
    if (!isRowId(id)) throw TrainingNotFound();
    const training = await TrainingModel.findByPk(id, { transaction: tx, lock: lock && tx ? tx.LOCK.UPDATE : undefined });
    if (!training) throw TrainingNotFound();
    const product = await ProductModel.findByPk(training.productId, { transaction: tx, lock: lock && tx ? tx.LOCK.UPDATE : undefined });
    if (!product) throw TrainingNotFound();
    training.product = product;
    return training as TrainingWithProduct;
  }

  async requireSession(trainingId: number, sessionId: number, tx?: Transaction, lock = false): Promise<TrainingSessionModel> {
    const session = isRowId(sessionId)
      ? await TrainingSessionModel.findOne({ where: { id: sessionId, trainingId }, transaction: tx, lock: lock && tx ? tx.LOCK.UPDATE : undefined })
      : null;
    if (!session) throw TrainingSessionNotFound();
    return session;
  }

  async requireCohort(trainingId: number, cohortId: number, tx?: Transaction, lock = false): Promise<TrainingCohortModel> {
    const cohort = isRowId(cohortId)
      ? await TrainingCohortModel.findOne({ where: { id: cohortId, trainingId }, transaction: tx, lock: lock && tx ? tx.LOCK.UPDATE : undefined })
      : null;
    if (!cohort) throw TrainingCohortNotFound();
    return cohort;
  }
}
