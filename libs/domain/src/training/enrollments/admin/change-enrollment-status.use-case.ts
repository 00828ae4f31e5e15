import { Service } from 'typedi';
import { Database, OrderModel, TrainingEnrollmentModel, TrainingModel, Transaction } from '@platform/db';
import { OrderTransitionService, refundRequestTransition } from '../../../orders';
import type { AdminActor } from '../../../shared';
import { TrainingEnrollmentTransitionNotAllowed } from '../../training.errors';
import { EnrollmentCancellationService, LockedEnrollment, orderActor } from '../cancellation/enrollment-cancellation.service';
import { EnrollmentAccessService } from '../enrollment-access.service';
import { EnrollmentActor, EnrollmentMovesService } from '../enrollment-moves.service';
import type { TrainingEnrollmentAdminResponseDto } from '../reads/training-enrollment.views';
import { TrainingEnrollmentsService } from '../reads/training-enrollments.service';
import type { ChangeEnrollmentStatusDto } from './dto/change-enrollment-status.dto';

/**
 * PATCH /api/admin/training/enrollments/:id/status (learning-commerce.md "States and transitions
 * → Training enrollment"; issue 20 "Cancellation"). The allowed moves, each recorded with the
 * admin's `sub` and note in the enrollment history, under the order and enrollment row locks:
 * - pending → cancelled: as the customer's cancel (seat given back, unpaid order cancelled);
 * - enrolled → cancelled: seat given back, the order's access revoked (EnrollmentAccessService.revoke),
 *   a paid order (total > 0) moved to refund_requested so the existing refund flow decides the money;
 * - enrolled → enrolled with an open cancellation request: the request declined (cleared);
 * - pending → enrolled for a paid or free order: see `enroll`.
 * Anything else (cancelled → any, → pending, enrolled → enrolled without a request, pending →
 * enrolled with an unpaid order) is 409 TRAINING_ENROLLMENT_TRANSITION_NOT_ALLOWED. Answers the
 * admin detail as it is after commit.
 */
@Service()
export class ChangeEnrollmentStatusUseCase {
  constructor(
    private readonly db: Database,
    private readonly cancellation: EnrollmentCancellationService,
    private readonly moves: EnrollmentMovesService,
    private readonly access: EnrollmentAccessService,
    private readonly transitions: OrderTransitionService,
    private readonly reads: TrainingEnrollmentsService,
  ) {}

  async execute(admin: AdminActor, enrollmentId: number, dto: ChangeEnrollmentStatusDto): Promise<TrainingEnrollmentAdminResponseDto> {
    const actor: EnrollmentActor = { type: 'admin', id: admin.id };
    const note = dto.note ? dto.note : null;
    await this.db.transaction(async (tx) => {
      const locked = await this.cancellation.lock(enrollmentId, undefined, tx);
      const from = locked.enrollment.status;
      const move = `${from}->${dto.status}`;
      if (move === 'pending->cancelled') {
        if (!(await this.cancellation.cancelPending(locked, actor, note, tx))) throw notAllowed(from, dto.status);
      } else if (move === 'enrolled->cancelled') {
        await this.cancelEnrolled(locked, actor, note, tx);
      } else if (move === 'enrolled->enrolled' && locked.enrollment.cancellationRequestedAt !== null) {
        await this.declineRequest(locked.enrollment, actor, note, tx);
      } else if (move === 'pending->enrolled') {
        await this.enroll(locked, actor, note, tx);
      } else {
        throw notAllowed(from, dto.status);
      }
    });
    return this.reads.get(enrollmentId);
  }

  /** enrolled → cancelled through EnrollmentAccessService.revoke (seat given back, the order's access revoked). */
  private async cancelEnrolled({ enrollment, order }: LockedEnrollment, actor: EnrollmentActor, note: string | null, tx: Transaction): Promise<void> {
    const cancelled = await this.access.revoke(enrollment.id, actor, note ?? 'Cancelled by an admin', tx);
    if (!cancelled) throw notAllowed(enrollment.status, 'cancelled');
    // A free order has no money to give back; an order in any other state already left paid (refund flow, cancel).
    if (order && order.status === 'paid' && order.totalPaisa > 0) await this.requestRefund(order, actor, note, tx);
  }

  private async requestRefund(order: OrderModel, actor: EnrollmentActor, note: string | null, tx: Transaction): Promise<void> {
    const reason = (note ?? 'Training enrollment cancelled by an admin').slice(0, 500);
    await this.transitions.apply(refundRequestTransition({ orderId: order.id, actor: orderActor(actor), reason }), tx);
  }

  private async declineRequest(enrollment: TrainingEnrollmentModel, actor: EnrollmentActor, note: string | null, tx: Transaction): Promise<void> {
    await this.moves.move(
      {
        enrollmentId: enrollment.id,
        from: ['enrolled'],
        to: 'enrolled',
        actor,
        note: note ? `Cancellation request declined: ${note}` : 'Cancellation request declined',
        changes: { cancellationRequestedAt: null, cancellationReason: null },
      },
      tx,
    );
  }

  /**
   * pending → enrolled (EnrollmentAccessService.grant: access fields, product_access,
   * TRAINING_ENROLLMENT_CONFIRMED), only when nothing is owed: the order is paid; or it is free
   * (total 0) and awaiting payment, and is then moved to paid (its fulfilment finds the enrollment
   * enrolled already); or there is no order and the training is free.
   */
  private async enroll({ enrollment, order }: LockedEnrollment, actor: EnrollmentActor, note: string | null, tx: Transaction): Promise<void> {
    const freeOpenOrder = order !== null && order.totalPaisa === 0 && order.status === 'payment_pending';
    const allowed = order
      ? order.status === 'paid' || freeOpenOrder
      : (await TrainingModel.findByPk(enrollment.trainingId, { attributes: ['isFree'], transaction: tx }))?.isFree === true;
    if (!allowed) {
      throw TrainingEnrollmentTransitionNotAllowed(
        order ? `The enrollment's order is ${order.status}: only a paid or free order can be enrolled by hand` : 'Only a free training can be enrolled without an order',
      );
    }
    const enrolled = await this.access.grant(enrollment.id, actor, note ?? 'Enrolled by an admin', tx);
    if (!enrolled) throw notAllowed(enrollment.status, 'enrolled');
    if (order && freeOpenOrder) {
      await this.transitions.apply({ orderId: order.id, from: ['payment_pending'], to: 'paid', actor: orderActor(actor), notes: 'Free order confirmed by an admin' }, tx);
    }
  }
}

const notAllowed = (from: string, to: string) =>
  TrainingEnrollmentTransitionNotAllowed(
    from === to ? `The enrollment is already ${from}` : `An enrollment cannot move from ${from} to ${to}`,
  );
