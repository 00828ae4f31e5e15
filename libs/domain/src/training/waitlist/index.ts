/** The waitlist of full cohorts: customers join and leave, admins promote, a job expires unused holds. */
export type { CustomerWaitlistEntryView, PromotedWaitlistEntryView } from './training-waitlist.views';
export { TrainingWaitlistService } from './training-waitlist.service';
export { JoinTrainingWaitlistUseCase } from './use-cases/join-training-waitlist.use-case';
export type { JoinedWaitlist } from './use-cases/join-training-waitlist.use-case';
export { LeaveTrainingWaitlistUseCase } from './use-cases/leave-training-waitlist.use-case';
export { PromoteWaitlistEntryUseCase } from './use-cases/promote-waitlist-entry.use-case';
export { ExpireWaitlistHoldsUseCase, HOLD_EXPIRY_BATCH_SIZE } from './use-cases/expire-waitlist-holds.use-case';
