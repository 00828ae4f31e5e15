import { Service } from 'typedi';
import { OrderModel, OrderStatus, TrainingEnrollmentModel, Transaction } from '@platform/db';
import { orderCancelledEvent, OrderTransitionActor, OrderTransitionService } from '../../../orders';
import { isRowId } from '../../../shared';
import { CohortSeatsService } from '../../seats/cohort-seats.service';
import { TrainingEnrollmentNotFound } from '../../training.errors';
import { EnrollmentActor, EnrollmentMovesService } from '../enrollment-moves.service';

/** An enrollment locked for a change, with its order (locked first) when it has one. */
export interface LockedEnrollment {
  enrollment: TrainingEnrollmentModel;
  order: OrderModel | null;
}

/** Orders a pending enrollment's cancellation closes: not yet paid, not yet closed. */
const OPEN_UNPAID: OrderStatus[] = ['created', 'payment_pending'];

export const orderActor = (actor: EnrollmentActor): OrderTransitionActor =>
  actor.type === 'customer' ? { type: 'customer', customerId: actor.id ?? '' } : actor.type === 'admin' ? { type: 'admin', adminId: actor.id ?? '' } : { type: 'system' };

/**
 * What customer and admin cancellations share (learning-commerce.md "States and transitions →
 * Training enrollment": pending or enrolled → cancelled, the cohort's seat given back).
 *
 * Locks are taken in the order the payment flow takes them (the order row, then the enrollment
 * row: OrderTransitionService locks the order and the training fulfilment handler then moves the
 * enrollment), so a cancellation racing a payment callback queues instead of deadlocking.
 */
@Service()
export class EnrollmentCancellationService {
  constructor(
    private readonly moves: EnrollmentMovesService,
    private readonly seats: CohortSeatsService,
    private readonly transitions: OrderTransitionService,
  ) {}

  /** The enrollment (only the owner's when `ownerId` is given, else 404) and its order, both locked. */
  async lock(enrollmentId: number, ownerId: string | undefined, tx: Transaction): Promise<LockedEnrollment> {
    if (!isRowId(enrollmentId)) throw TrainingEnrollmentNotFound();
    const where = ownerId === undefined ? { id: enrollmentId } : { id: enrollmentId, userId: ownerId };
    const seen = await TrainingEnrollmentModel.findOne({ where, attributes: ['id', 'orderId'], transaction: tx });
    if (!seen) throw TrainingEnrollmentNotFound();
    const order = seen.orderId === null ? null : await OrderModel.findByPk(seen.orderId, { transaction: tx, lock: tx.LOCK.UPDATE });
    const enrollment = await TrainingEnrollmentModel.findByPk(enrollmentId, { transaction: tx, lock: tx.LOCK.UPDATE, rejectOnEmpty: true });
    return { enrollment, order };
  }

  /**
   * pending → cancelled: the seat given back (only by the call that moved it) and the unpaid order
   * cancelled through the order lifecycle, whose effects close the open payment and give a
   * promotion use back. The training fulfilment handler's release hook, run by that order move,
   * then finds the enrollment already cancelled. Null when the enrollment was not pending.
   */
  async cancelPending(
    locked: LockedEnrollment,
    actor: EnrollmentActor,
    reason: string | null,
    tx: Transaction,
  ): Promise<{ enrollment: TrainingEnrollmentModel; order: OrderModel | null } | null> {
    const now = new Date();
    const note = reason ?? (actor.type === 'customer' ? 'Cancelled by the customer before payment' : 'Cancelled by an admin before payment');
    const enrollment = await this.moves.move(
      {
        enrollmentId: locked.enrollment.id,
        from: ['pending'],
        to: 'cancelled',
        actor,
        note,
        changes: { cancelledAt: now, ...(actor.type === 'customer' ? { cancellationRequestedAt: now, cancellationReason: reason } : {}) },
      },
      tx,
    );
    if (!enrollment) return null;
    await this.seats.release(enrollment.cohortId, tx);
    const order = locked.order && OPEN_UNPAID.includes(locked.order.status) ? await this.cancelOrder(locked.order, actor, note, tx) : locked.order;
    return { enrollment, order };
  }

  private async cancelOrder(order: OrderModel, actor: EnrollmentActor, note: string, tx: Transaction): Promise<OrderModel | null> {
    const by = actor.type;
    const reason = note.slice(0, 500);
    const moved = await this.transitions.apply(
      {
        orderId: order.id,
        from: OPEN_UNPAID,
        to: 'cancelled',
        actor: orderActor(actor),
        notes: reason,
        changes: { cancelledAt: new Date(), cancellationReason: reason, cancelledByActorType: by },
        event: (cancelled) => orderCancelledEvent(cancelled, by, reason),
      },
      tx,
    );
    return moved ?? order;
  }
}
