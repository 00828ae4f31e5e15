import { Service } from 'typedi';
import { isUniqueViolation, Op, TrainingEnrollmentModel, Transaction } from '@platform/db';
import { OrderDraft, OrderPlacement, PlacementExtension, PlacementView, WrittenOrder } from '../../../orders';
import { CustomerActor, IdempotencyKeysService } from '../../../shared';
import { TrainingAlreadyEnrolled } from '../../training.errors';
import { EnrollmentMovesService } from '../enrollment-moves.service';
import type { EnrollTrainingDto } from './dto/enroll-training.dto';
import { WaitlistHoldsService } from '../../waitlist/waitlist-holds.service';
import { CheckedEnrollment, EnrollChecksService } from './enroll-checks.service';
import { EnrollRequest, EnrollRequestService } from './enroll-request.service';

export interface EnrollTrainingInput extends EnrollTrainingDto {
  idempotencyKey: string | undefined;
}

/** What enroll adds to the order's answer: the enrollment, and `enrolled` at once for a free order. */
export type EnrollAnswer = { enrollmentId: number } | { enrollmentId: number; status: 'enrolled' };
export type EnrollView = PlacementView<EnrollAnswer>;

/** The idempotency reference of an enroll request: the enrollment it created. */
const enrollmentReference = (id: number) => ({ type: 'training_enrollment', id });

/**
 * POST /api/mobile/training/enroll (learning-commerce.md "Enroll request", "Enrollment rules").
 * One order transaction (OrderPlacement.placeExtended): the checks and the seat (EnrollChecksService),
 * the order (type training, source training_enroll, the price snapshot, the code redeemed under
 * its row lock) and its payment, then here the `pending` enrollment with the order id (its
 * history row, the request's hash) and the waitlist hold it used. The answer is checkout's
 * PaymentInitResponseDto plus `enrollmentId`. A free order (isFree, or a 100% code) has no
 * payment: it is paid in that transaction, the training fulfilment enrolls at once, and the answer
 * is `{ orderId, enrollmentId, status: 'enrolled', initiationType: 'none', paymentId: null, ... }`.
 *
 * Idempotent (rule 2): the same request (user, product, cohort, session, formData, promo, gateway,
 * returnUrl) answers its first result and creates nothing. With an Idempotency-Key the shared key
 * semantics apply (another body: 409 ORDER_IDEMPOTENCY_MISMATCH; still running: 409); without
 * one the key is derived from the request and a generation (EnrollRequestService.implicitKey), so identical
 * concurrent requests share one key. The same request sent with another key finds the active
 * enrollment it made (request_hash) and answers that request's stored result. Any other request
 * while a pending or enrolled enrollment exists: 409 TRAINING_ALREADY_ENROLLED (the partial
 * unique index training_enrollments_one_active_key backs the check under races).
 *
 * Waitlist (issue 20 "Seats"): an enrollment on a hold links it (the hold is used up, its seat is
 * the enrollment's), and the user's other live entries in the training's cohorts are cancelled in
 * the same transaction, each unused hold's seat given back (WaitlistHoldsService.cancelOthers).
 */
@Service()
export class EnrollTrainingUseCase {
  constructor(
    private readonly placement: OrderPlacement,
    private readonly checks: EnrollChecksService,
    private readonly moves: EnrollmentMovesService,
    private readonly keys: IdempotencyKeysService,
    private readonly requests: EnrollRequestService,
    private readonly holds: WaitlistHoldsService,
  ) {}

  async execute(owner: CustomerActor, input: EnrollTrainingInput, at = new Date()): Promise<EnrollView> {
    const request = this.requests.canonical(input);
    const requestHash = this.requests.hash(request);
    const replay = await this.sameActiveRequest(owner, request.productId, requestHash);
    if (replay) return replay;
    const idempotencyKey = input.idempotencyKey ?? (await this.requests.implicitKey(owner.id, request.productId, requestHash));
    let checked: CheckedEnrollment | null = null;
    return this.placement.placeExtended<EnrollAnswer>(
      {
        owner,
        scope: 'training_enroll',
        idempotencyKey,
        payment: { gateway: input.gateway, returnUrl: input.returnUrl, paymentMethod: input.paymentMethod },
        fingerprint: { productId: request.productId, cohortId: request.cohortId, sessionId: request.sessionId, formData: request.formData, promoCode: request.promoCode, paymentMethod: request.paymentMethod },
        draft: async (tx) => {
          checked = await this.checks.check(owner.id, request, tx);
          return this.draft(owner, request, checked);
        },
        afterWrite: (written, tx) => this.enroll(owner, request, requestHash, checked as CheckedEnrollment, written, tx),
      },
      at,
    );
  }

  private draft(owner: CustomerActor, request: EnrollRequest, { product, training }: CheckedEnrollment): OrderDraft {
    return {
      owner,
      source: 'training_enroll',
      type: 'training',
      allowFree: true,
      cartId: null,
      lines: [
        {
          productId: product.id,
          productType: 'training',
          title: product.title,
          unitMrpPaisa: product.mrpPaisa,
          // A free training costs nothing whatever its product's price says; a code has nothing to take off.
          unitSpPaisa: training.isFree ? 0 : product.spPaisa,
          quantity: 1,
        },
      ],
      promoCode: training.isFree ? null : request.promoCode,
      gateway: request.gateway as OrderDraft['gateway'],
      returnUrl: request.returnUrl,
    };
  }

  private async enroll(
    owner: CustomerActor,
    request: EnrollRequest,
    requestHash: string,
    { training, cohort, session, holdId }: CheckedEnrollment,
    written: WrittenOrder,
    tx: Transaction,
  ): Promise<PlacementExtension<EnrollAnswer>> {
    let enrollment: TrainingEnrollmentModel;
    try {
      enrollment = await TrainingEnrollmentModel.create(
        {
          userId: owner.id,
          productId: training.productId,
          trainingId: training.id,
          cohortId: cohort.id,
          sessionId: session.id,
          orderId: written.order.id,
          status: 'pending',
          formData: request.formData,
          requestHash,
        },
        { transaction: tx },
      );
    } catch (error) {
      if (isUniqueViolation(error, 'training_enrollments_one_active_key')) throw TrainingAlreadyEnrolled();
      throw error;
    }
    const note = `Enrolled with order ${written.order.orderNumber}${holdId === null ? '' : ' on a waitlist hold'}`;
    await this.moves.created(enrollment, { type: 'customer', id: owner.id }, note, tx);
    if (holdId !== null) await this.holds.useHold(holdId, enrollment.id, tx);
    await this.holds.cancelOthers(owner.id, training.id, holdId, tx);
    const answer: EnrollAnswer = written.payment === null ? { enrollmentId: enrollment.id, status: 'enrolled' } : { enrollmentId: enrollment.id };
    return { reference: enrollmentReference(enrollment.id), answer };
  }

  /** The stored answer when the user's active enrollment of the product was made by this same request. */
  private async sameActiveRequest(owner: CustomerActor, productId: number, requestHash: string): Promise<EnrollView | null> {
    const active = await TrainingEnrollmentModel.findOne({
      where: { userId: owner.id, productId, status: { [Op.in]: ['pending', 'enrolled'] } },
      attributes: ['id', 'requestHash'],
    });
    if (!active || active.requestHash !== requestHash) return null;
    return this.keys.completedResponseFor<EnrollView>(owner, 'training_enroll', enrollmentReference(active.id));
  }
}
