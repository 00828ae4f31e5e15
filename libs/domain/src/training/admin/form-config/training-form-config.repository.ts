import { Service } from 'typedi';
import { TrainingEnrollmentFormConfigModel, TrainingFormField, Transaction } from '@platform/db';

/** The one enrollment form row of a training (unique on training_id). */
@Service()
export class TrainingFormConfigRepository {
  findOf(trainingId: number, tx?: Transaction): Promise<TrainingEnrollmentFormConfigModel | null> {
    return TrainingEnrollmentFormConfigModel.findOne({ where: { trainingId }, transaction: tx });
  }

  /** Replaces the training's form, creating the row the first time; the caller holds the training row lock. */
  async replace(trainingId: number, fields: TrainingFormField[], tx: Transaction): Promise<TrainingEnrollmentFormConfigModel> {
    const existing = await this.findOf(trainingId, tx);
    return existing
      ? existing.update({ fields }, { transaction: tx })
      : TrainingEnrollmentFormConfigModel.create({ trainingId, fields }, { transaction: tx });
  }
}
