import { Service } from 'typedi';
import { Database, OrderStatus } from '@platform/db';
import type { CustomerActor } from '../../../shared';
import { TrainingEnrollmentCancelNotAllowed } from '../../training.errors';
import { EnrollmentMovesService } from '../enrollment-moves.service';
import type { RequestCancellationDto } from './dto/request-cancellation.dto';
import { EnrollmentCancellationService } from './enrollment-cancellation.service';

/** EnrollmentCancellationResponseDto. */
export interface EnrollmentCancellationView {
  enrollmentId: number;
  status: 'cancelled' | 'enrolled';
  /** When the request was made (also set when a pending enrollment was cancelled at once). */
  cancellationRequestedAt: string | null;
  /** The enrollment's order's status after the call (cancelled for a pending one); null without an order. */
  orderStatus: OrderStatus | null;
}

/**
 * POST .../training/enrollments/:id/request-cancellation (learning-commerce.md "Cancellation"),
 * the caller's own enrollment only (else 404 TRAINING_ENROLLMENT_NOT_FOUND):
 * - pending: cancelled at once (EnrollmentCancellationService.cancelPending: seat, unpaid order);
 * - enrolled: a request for the admins is recorded (cancellation_requested_at, reason, a history
 *   row enrolled → enrolled); it stays enrolled until an admin decides;
 * - enrolled with an open request, or cancelled: 409 TRAINING_ENROLLMENT_CANCEL_NOT_ALLOWED.
 * Everything under the order and enrollment row locks, so two requests at once cancel (and
 * release the seat) once; the second sees the first's result and is refused.
 */
@Service()
export class RequestEnrollmentCancellationUseCase {
  constructor(
    private readonly db: Database,
    private readonly cancellation: EnrollmentCancellationService,
    private readonly moves: EnrollmentMovesService,
  ) {}

  execute(customer: CustomerActor, enrollmentId: number, dto: RequestCancellationDto): Promise<EnrollmentCancellationView> {
    const reason = dto.reason ? dto.reason : null;
    const actor = { type: 'customer', id: customer.id } as const;
    return this.db.transaction(async (tx) => {
      const locked = await this.cancellation.lock(enrollmentId, customer.id, tx);
      const { enrollment, order } = locked;
      if (enrollment.status === 'pending') {
        const done = await this.cancellation.cancelPending(locked, actor, reason, tx);
        if (done) return view(done.enrollment.id, 'cancelled', done.enrollment.cancellationRequestedAt, done.order?.status ?? null);
      }
      if (enrollment.status === 'cancelled') throw TrainingEnrollmentCancelNotAllowed('This enrollment is already cancelled');
      if (enrollment.cancellationRequestedAt !== null) {
        throw TrainingEnrollmentCancelNotAllowed('A cancellation request for this enrollment is already pending');
      }
      const requestedAt = new Date();
      const requested = await this.moves.move(
        {
          enrollmentId: enrollment.id,
          from: ['enrolled'],
          to: 'enrolled',
          actor,
          note: reason ? `Cancellation requested: ${reason}` : 'Cancellation requested',
          changes: { cancellationRequestedAt: requestedAt, cancellationReason: reason },
        },
        tx,
      );
      if (!requested) throw TrainingEnrollmentCancelNotAllowed('This enrollment cannot be cancelled now');
      return view(requested.id, 'enrolled', requestedAt, order?.status ?? null);
    });
  }
}

const view = (enrollmentId: number, status: 'cancelled' | 'enrolled', at: Date | null, orderStatus: OrderStatus | null): EnrollmentCancellationView => ({
  enrollmentId,
  status,
  cancellationRequestedAt: at ? at.toISOString() : null,
  orderStatus,
});
