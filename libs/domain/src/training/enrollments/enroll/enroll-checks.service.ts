import { Service } from 'typedi';
import {
  Op,
  ProductModel,
  TrainingCohortModel,
  TrainingEnrollmentFormConfigModel,
  TrainingEnrollmentModel,
  TrainingModel,
  TrainingSessionModel,
  Transaction,
} from '@platform/db';
import { isRowId } from '../../../shared';
import { CohortSeatsService } from '../../seats/cohort-seats.service';
import { WaitlistHoldsService } from '../../waitlist/waitlist-holds.service';
import {
  TrainingAlreadyEnrolled,
  TrainingCohortCancelled,
  TrainingCohortClosed,
  TrainingCohortFull,
  TrainingCohortNotFound,
  TrainingProductRequired,
  TrainingProductUnavailable,
  TrainingSessionMismatch,
} from '../../training.errors';
import type { EnrollRequest } from './enroll-request.service';
import { EnrollmentFormService } from './enrollment-form.service';

/** What an enroll request was checked against, its seat held for the order transaction. */
export interface CheckedEnrollment {
  product: ProductModel;
  training: TrainingModel;
  cohort: TrainingCohortModel;
  session: TrainingSessionModel;
  /** The user's promoted waitlist entry whose held seat this enrollment takes over; null when a seat was taken. */
  holdId: number | null;
}

/**
 * The enroll checks, in the order, inside the order transaction, each with its code:
 * a training's product (TRAINING_PRODUCT_REQUIRED); published and sellable, training published
 * (TRAINING_PRODUCT_UNAVAILABLE); no pending or enrolled enrollment of the user for the product
 * (TRAINING_ALREADY_ENROLLED); a cohort of this training (404 TRAINING_COHORT_NOT_FOUND) that is
 * open (TRAINING_COHORT_CLOSED / _CANCELLED / _FULL); a session of this training
 * (TRAINING_SESSION_MISMATCH); formData against the form (TRAINING_INVALID_FORM_DATA). Then the
 * seat: the user's unused, unexpired promoted waitlist hold for the cohort is locked (the
 * enrollment takes its seat over, even in a full cohort), else one is taken by CohortSeatsService's
 * conditional UPDATE, which is what really decides "full" under concurrency.
 *
 * The cohort row is locked FOR UPDATE before the hold (WaitlistHoldsService.lockCohorts: the lock
 * order of the expiry, leave and promote) and its status is read from the locked row, so an admin
 * closing or cancelling the cohort meanwhile is seen: an enrollment on a hold, which takes no seat
 * through the conditional UPDATE, is refused with TRAINING_COHORT_CLOSED / _CANCELLED like any other.
 */
@Service()
export class EnrollChecksService {
  constructor(
    private readonly seats: CohortSeatsService,
    private readonly holds: WaitlistHoldsService,
    private readonly form: EnrollmentFormService,
  ) {}

  async check(userId: string, request: EnrollRequest, tx: Transaction): Promise<CheckedEnrollment> {
    const product = isRowId(request.productId) ? await ProductModel.findByPk(request.productId, { transaction: tx }) : null;
    const training = product?.type === 'training' ? await TrainingModel.findOne({ where: { productId: product.id }, transaction: tx }) : null;
    if (!product || !training) throw TrainingProductRequired();
    if (!product.isPublished || !product.isSellable || training.status !== 'published') throw TrainingProductUnavailable();
    const active = await TrainingEnrollmentModel.count({
      where: { userId, productId: product.id, status: { [Op.in]: ['pending', 'enrolled'] } },
      transaction: tx,
    });
    if (active > 0) throw TrainingAlreadyEnrolled();

    if (!isRowId(request.cohortId)) throw TrainingCohortNotFound();
    await this.holds.lockCohorts(userId, training.id, request.cohortId, tx);
    // Read after the lock: the status an admin may have just changed is the one checked.
    const cohort = await TrainingCohortModel.findOne({ where: { id: request.cohortId, trainingId: training.id }, transaction: tx });
    if (!cohort) throw TrainingCohortNotFound();
    const holdId = await this.holds.lockHold(cohort.id, userId, tx);
    if (cohort.status === 'cancelled') throw TrainingCohortCancelled();
    if (cohort.status === 'closed') throw TrainingCohortClosed();
    if (cohort.status === 'full' && holdId === null) throw TrainingCohortFull();

    const session = await TrainingSessionModel.findOne({ where: { id: request.sessionId, trainingId: training.id }, transaction: tx });
    if (!session) throw TrainingSessionMismatch([request.sessionId]);
    const config = await TrainingEnrollmentFormConfigModel.findOne({ where: { trainingId: training.id }, transaction: tx });
    this.form.assertValid(config?.fields ?? [], request.formData);

    if (holdId === null) await this.seats.take(training.id, cohort.id, tx);
    return { product, training, cohort, session, holdId };
  }
}
