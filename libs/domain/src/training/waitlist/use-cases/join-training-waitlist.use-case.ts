import { Service } from 'typedi';
import { CustomerActor, isRowId } from '../../../shared';
import { TrainingAlreadyEnrolled, TrainingCohortCancelled, TrainingCohortClosed, TrainingCohortNotFound, TrainingCohortNotFull } from '../../training.errors';
import { TrainingWaitlistRepository, WaitlistEntryRow } from '../training-waitlist.repository';
import { CustomerWaitlistEntryView, toCustomerWaitlistEntryView } from '../training-waitlist.views';

export interface JoinedWaitlist {
  entry: CustomerWaitlistEntryView;
  /** False when the caller was already on the list (or held a promoted seat): nothing new was written. */
  created: boolean;
}

/**
 * Joins the waitlist of a full cohort (CONTRACT §10; learning-commerce.md "Training records":
 * waitlist). Joining again answers the caller's live entry (waiting, or a promotion whose seat is
 * still held) instead of adding one; two joins at once meet on training_waitlist_one_waiting_key,
 * and the one that lost answers the winner's entry. Checks, in order: a cohort of a published
 * training (404 TRAINING_COHORT_NOT_FOUND), the live entry (answered), no pending or enrolled
 * enrollment in the training (409 TRAINING_ALREADY_ENROLLED), the cohort neither cancelled nor
 * closed (409), and no free seat (409 TRAINING_COHORT_NOT_FULL: enroll instead).
 */
@Service()
export class JoinTrainingWaitlistUseCase {
  constructor(private readonly waitlist: TrainingWaitlistRepository) {}

  async execute(actor: CustomerActor, cohortId: number): Promise<JoinedWaitlist> {
    const cohort = isRowId(cohortId) ? await this.waitlist.onSaleCohort(cohortId) : null;
    if (!cohort) throw TrainingCohortNotFound();
    const owner = { userId: actor.id, cohortId: cohort.id };
    const live = await this.waitlist.liveEntry(owner);
    if (live) return { entry: await this.view(live), created: false };
    if (await this.waitlist.hasActiveEnrollment(actor.id, cohort.trainingId)) throw TrainingAlreadyEnrolled();
    if (cohort.status === 'cancelled') throw TrainingCohortCancelled();
    if (cohort.status === 'closed') throw TrainingCohortClosed();
    if (cohort.status === 'open' && cohort.freeSeats > 0) throw TrainingCohortNotFull();
    const created = await this.waitlist.insertWaiting(owner);
    if (created) return { entry: await this.view(created), created: true };
    // A concurrent join of the same caller committed first (each statement sees the latest commit).
    const winner = await this.waitlist.liveEntry(owner);
    if (!winner) throw TrainingCohortNotFound();
    return { entry: await this.view(winner), created: false };
  }

  private async view(entry: WaitlistEntryRow): Promise<CustomerWaitlistEntryView> {
    return toCustomerWaitlistEntryView(entry, entry.status === 'waiting' ? await this.waitlist.position(entry) : null);
  }
}
