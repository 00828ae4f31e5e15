import { Service } from 'typedi';
import { ProductModel, TrainingEnrollmentModel, TrainingModel, Transaction } from '@platform/db';
import { GrantProductAccessUseCase, RevokeOrderAccessUseCase } from '../../access';
import { NotificationOutbox } from '../../notifications';
import { Clock } from '../../shared';
import { CohortSeatsService } from '../seats/cohort-seats.service';
import { EnrollmentActor, EnrollmentMovesService } from './enrollment-moves.service';

const DAY_MS = 86_400_000;

/**
 * What an enrollment's access is made of (learning-commerce.md "States and transitions → Training
 * enrollment"): the enrollment's status with its access fields, the product_access row (the access
 * door; ProductAccessPolicy decides "has access now" from it), the cohort seat and the
 * TRAINING_ENROLLMENT_CONFIRMED event, changed together in the caller's transaction. Used by the
 * training fulfilment handler (payment success, failure, cancellation, refund) and by the admin
 * pending → enrolled move. Each step is guarded by the enrollment's move, so a replayed or
 * concurrent call grants, releases or notifies once.
 */
@Service()
export class EnrollmentAccessService {
  constructor(
    private readonly moves: EnrollmentMovesService,
    private readonly seats: CohortSeatsService,
    private readonly grants: GrantProductAccessUseCase,
    private readonly revokes: RevokeOrderAccessUseCase,
    private readonly outbox: NotificationOutbox,
    private readonly clock: Clock,
  ) {}

  /**
   * pending → enrolled: accessType from the training, accessValidUntil = enrolledAt + the
   * training's accessDurationDays (time_limited), enrolledAt now; product_access granted for the
   * enrollment's order (or, without one, by the admin actor); TRAINING_ENROLLMENT_CONFIRMED
   * recorded (delivered after commit). The moved enrollment, or null when it was not pending.
   */
  async grant(enrollmentId: number, actor: EnrollmentActor, note: string, tx: Transaction): Promise<TrainingEnrollmentModel | null> {
    const current = await TrainingEnrollmentModel.findByPk(enrollmentId, { transaction: tx, lock: tx.LOCK.UPDATE });
    if (!current || current.status !== 'pending') return null;
    const training = await TrainingModel.findByPk(current.trainingId, { transaction: tx, rejectOnEmpty: true });
    const product = await ProductModel.findByPk(training.productId, { attributes: ['id', 'title'], transaction: tx });
    const enrolledAt = this.clock.now();
    const days = training.accessType === 'time_limited' ? (training.accessDurationDays ?? 0) : null;
    const enrollment = await this.moves.move(
      {
        enrollmentId,
        from: ['pending'],
        to: 'enrolled',
        actor,
        note,
        changes: {
          accessType: training.accessType,
          accessValidUntil: days === null ? null : new Date(enrolledAt.getTime() + days * DAY_MS),
          enrolledAt,
        },
      },
      tx,
    );
    if (!enrollment) return null;
    const { access } = await this.grants.execute(
      {
        userId: enrollment.userId,
        productId: enrollment.productId,
        accessType: training.accessType,
        ...(days === null ? {} : { durationDays: days }),
        ...(enrollment.orderId === null ? { adminId: actor.id ?? 'system' } : { orderId: enrollment.orderId }),
      },
      tx,
    );
    await this.outbox.record(
      {
        event: 'TRAINING_ENROLLMENT_CONFIRMED',
        to: { audience: 'customer', userId: enrollment.userId },
        payload: {
          userId: enrollment.userId,
          trainingId: training.id,
          productAccessId: access.id,
          enrollmentId: enrollment.id,
          orderId: enrollment.orderId,
          trainingTitle: product?.title ?? 'your training',
        },
        dedupeKey: `TRAINING_ENROLLMENT_CONFIRMED:enrollment:${enrollment.id}`,
      },
      tx,
    );
    return enrollment;
  }

  /**
   * pending or enrolled → cancelled, the seat given back when this call moved it, and the access
   * its order granted revoked (idempotent: also when someone else cancelled the enrollment first).
   */
  async revoke(enrollmentId: number, actor: EnrollmentActor, note: string, tx: Transaction): Promise<TrainingEnrollmentModel | null> {
    const enrollment = await this.cancel(enrollmentId, ['pending', 'enrolled'], actor, note, tx);
    const row = enrollment ?? (await TrainingEnrollmentModel.findByPk(enrollmentId, { transaction: tx }));
    if (row?.orderId != null) await this.revokes.execute(row.orderId, [row.productId], tx);
    return enrollment;
  }

  /** pending → cancelled (an order closed unpaid), the seat given back when this call moved it. */
  release(enrollmentId: number, actor: EnrollmentActor, note: string, tx: Transaction): Promise<TrainingEnrollmentModel | null> {
    return this.cancel(enrollmentId, ['pending'], actor, note, tx);
  }

  private async cancel(
    enrollmentId: number,
    from: ReadonlyArray<'pending' | 'enrolled'>,
    actor: EnrollmentActor,
    note: string,
    tx: Transaction,
  ): Promise<TrainingEnrollmentModel | null> {
    const moved = await this.moves.move({ enrollmentId, from, to: 'cancelled', actor, note, changes: { cancelledAt: this.clock.now() } }, tx);
    if (moved) await this.seats.release(moved.cohortId, tx);
    return moved;
  }
}
