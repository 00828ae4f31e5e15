import { ExpireWaitlistHoldsUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/**
 * Every minute: each promoted waitlist entry whose hold passed unused becomes expired and gives
 * its seat back (issue 20, Waitlist). Safe to run twice, and with two runners at once.
 */
export const trainingWaitlistHoldExpiryProcessor = defineProcessor({
  job: 'training.waitlist_hold_expiry',
  repeat: { every: 60_000 },
  process: (_job, container) => container.get(ExpireWaitlistHoldsUseCase).execute(),
});
