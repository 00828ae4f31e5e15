import { Service } from 'typedi';
import { TrainingEnrollmentModel } from '@platform/db';

/**
 * The training side of a payment's result page (CONTRACT §4: `reference_type=training_enrollment
 * &reference_id=<enrollment id>` for an enroll order), so payments and orders need not know
 * trainings: the app asks here with the order id.
 */
@Service()
export class TrainingEnrollmentReferencesService {
  /** The id of the enrollment an order was placed for, or null (not an enroll order). */
  async forOrder(orderId: number): Promise<number | null> {
    const enrollment = await TrainingEnrollmentModel.findOne({ where: { orderId }, attributes: ['id'] });
    return enrollment?.id ?? null;
  }
}
