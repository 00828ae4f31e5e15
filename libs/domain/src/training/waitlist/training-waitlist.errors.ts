import type { TrainingWaitlistStatus } from '@platform/db';
import { DomainError } from '../../shared';

/**
 * Ours (the spec names no code): only a waiting entry can be promoted; a promoted one is answered
 * as it is (a repeated promote), an expired or cancelled one is refused (409).
 */
export const TrainingWaitlistNotPromotable = (status: TrainingWaitlistStatus) =>
  new DomainError('TRAINING_WAITLIST_NOT_PROMOTABLE', `This waitlist entry is ${status}: only a waiting entry can be promoted`);
