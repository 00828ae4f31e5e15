import { Service } from 'typedi';
import { TrainingEnrollmentModel } from '@platform/db';
import { normalizeCode } from '../../../promotions';
import { requestFingerprint } from '../../../shared';
import type { EnrollTrainingDto } from './dto/enroll-training.dto';

/** What makes two enroll requests "the same request" (learning-commerce.md "Enrollment rules" 2). */
export interface EnrollRequest {
  productId: number;
  cohortId: number;
  sessionId: number;
  formData: Record<string, unknown>;
  promoCode: string | null;
  gateway: string;
  returnUrl: string;
  paymentMethod: string | undefined;
}

/** An enroll request in its canonical form, its fingerprint and the idempotency key it implies. */
@Service()
export class EnrollRequestService {
  /** The request's canonical form: formData keys sorted (another key order is the same request), the code normalized. */
  canonical(input: EnrollTrainingDto): EnrollRequest {
    const formData = input.formData ?? {};
    return {
      productId: input.productId,
      cohortId: input.cohortId,
      sessionId: input.sessionId,
      formData: Object.fromEntries(Object.keys(formData).sort().map((key) => [key, formData[key]])),
      promoCode: input.promoCode === undefined ? null : normalizeCode(input.promoCode),
      gateway: input.gateway,
      returnUrl: input.returnUrl,
      paymentMethod: input.paymentMethod,
    };
  }

  /** The request's fingerprint: stored on the enrollment (request_hash) and the base of the implicit key. */
  hash(request: EnrollRequest): string {
    return requestFingerprint({ ...request });
  }

  /**
   * The Idempotency-Key of a request sent without one: its fingerprint plus a generation (the id of
   * the user's latest cancelled enrollment of the product, or 0), so the same request after a
   * cancellation is a new request, while repeats before it answer the first result.
   */
  async implicitKey(userId: string, productId: number, requestHash: string): Promise<string> {
    const latest = await TrainingEnrollmentModel.max<number, TrainingEnrollmentModel>('id', { where: { userId, productId, status: 'cancelled' } });
    return `enroll:${requestHash}:${latest ?? 0}`;
  }
}
