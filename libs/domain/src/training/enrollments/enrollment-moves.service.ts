import { Service } from 'typedi';
import {
  TrainingEnrollmentActorType,
  TrainingEnrollmentHistoryModel,
  TrainingEnrollmentModel,
  TrainingEnrollmentStatus,
  Transaction,
} from '@platform/db';

export interface EnrollmentActor {
  type: TrainingEnrollmentActorType;
  /** The customer's id or the admin's token `sub`; absent for the system. */
  id?: string;
}

export interface EnrollmentMove {
  enrollmentId: number;
  /** The states the move starts from; an enrollment in another state is left alone. */
  from: readonly TrainingEnrollmentStatus[];
  to: TrainingEnrollmentStatus;
  actor: EnrollmentActor;
  note?: string | null;
  /** Other columns written with the status (accessType, accessValidUntil, enrolledAt, cancelledAt ...). */
  changes?: Partial<Pick<TrainingEnrollmentModel, 'accessType' | 'accessValidUntil' | 'enrolledAt' | 'cancelledAt' | 'cancellationRequestedAt' | 'cancellationReason' | 'orderId'>>;
}

/**
 * The one way an enrollment changes status (learning-commerce.md "States and transitions →
 * Training enrollment"): a guarded change (only from the listed states, under the row lock, so a
 * replay or a race moves it once) and a history row with the actor and note, in the caller's transaction. Seats, access
 * and orders are the caller's business; this only moves the row.
 */
@Service()
export class EnrollmentMovesService {
  /** Records the creation (none → its status) of an enrollment the caller just inserted. */
  async created(enrollment: TrainingEnrollmentModel, actor: EnrollmentActor, note: string | null, tx: Transaction): Promise<void> {
    await TrainingEnrollmentHistoryModel.create(
      { enrollmentId: enrollment.id, fromStatus: null, toStatus: enrollment.status, actorType: actor.type, actorId: actor.id ?? null, note },
      { transaction: tx },
    );
  }

  /**
   * The moved enrollment, or null when it was not in a `from` state (nothing written). The row is
   * locked first, so the history names the state it really left and concurrent moves queue.
   */
  async move(move: EnrollmentMove, tx: Transaction): Promise<TrainingEnrollmentModel | null> {
    const enrollment = await TrainingEnrollmentModel.findByPk(move.enrollmentId, { transaction: tx, lock: tx.LOCK.UPDATE });
    if (!enrollment || !move.from.includes(enrollment.status)) return null;
    const fromStatus = enrollment.status;
    await enrollment.update({ ...move.changes, status: move.to }, { transaction: tx });
    await TrainingEnrollmentHistoryModel.create(
      { enrollmentId: enrollment.id, fromStatus, toStatus: move.to, actorType: move.actor.type, actorId: move.actor.id ?? null, note: move.note ?? null },
      { transaction: tx },
    );
    return enrollment;
  }
}
