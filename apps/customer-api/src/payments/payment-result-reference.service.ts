import { Inject, Service } from 'typedi';
import { LOGGER, TrainingEnrollmentReferencesService } from '@platform/domain';
import type { Logger } from '@platform/observability';

/** What a payment was for, as the result page names it (CONTRACT section 4). */
export interface PaymentResultReference {
  type: 'order' | 'training_enrollment';
  id: number;
}

/**
 * The reference the result page and its forward name for an order: the enrollment of a training
 * enroll order (asked of the training door, so payments and orders stay ignorant of training),
 * else the order itself; the order when the lookup fails.
 */
@Service()
export class PaymentResultReferenceService {
  constructor(
    private readonly enrollments: TrainingEnrollmentReferencesService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async forOrder(orderId: number | null): Promise<PaymentResultReference | null> {
    if (orderId === null) return null;
    try {
      const enrollmentId = await this.enrollments.forOrder(orderId);
      return enrollmentId === null ? { type: 'order', id: orderId } : { type: 'training_enrollment', id: enrollmentId };
    } catch (error) {
      this.logger.warn({ err: error, orderId }, 'could not read the enrollment of an order; the result page names the order');
      return { type: 'order', id: orderId };
    }
  }
}
