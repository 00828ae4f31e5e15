import { Service } from 'typedi';
import { Database } from '@platform/db';
import { CustomerActor, isRowId } from '../../../shared';
import { CohortSeatsService } from '../../seats/cohort-seats.service';
import { TrainingCohortNotFound } from '../../training.errors';
import { TrainingWaitlistRepository } from '../training-waitlist.repository';
import { CustomerWaitlistEntryView, toCustomerWaitlistEntryView } from '../training-waitlist.views';

/**
 * Leaves a cohort's waitlist (CONTRACT §10), idempotently: the caller's waiting entry becomes
 * `cancelled`, and so does a promotion whose held seat no enrollment took over yet, giving that
 * seat back in the same transaction. An entry an enrollment used stays as it is (cancel the
 * enrollment instead). The answer is the caller's newest entry of the cohort, so a repeated leave
 * answers what the first one did; null when the caller never joined. Any existing cohort, even of
 * an unpublished training (leaving is always allowed); an unknown one is 404 TRAINING_COHORT_NOT_FOUND.
 */
@Service()
export class LeaveTrainingWaitlistUseCase {
  constructor(
    private readonly db: Database,
    private readonly waitlist: TrainingWaitlistRepository,
    private readonly seats: CohortSeatsService,
  ) {}

  execute(actor: CustomerActor, cohortId: number): Promise<CustomerWaitlistEntryView | null> {
    if (!isRowId(cohortId)) throw TrainingCohortNotFound();
    return this.db.transaction(async (tx) => {
      // The cohort first (lock order: cohort, then entry), as the expiry job and enrollments do.
      if (!(await this.waitlist.lockCohort(cohortId, tx))) throw TrainingCohortNotFound();
      const owner = { userId: actor.id, cohortId };
      for (const cancelled of await this.waitlist.cancelLive(owner, tx)) {
        if (cancelled.held) await this.seats.release(cohortId, tx);
      }
      const latest = await this.waitlist.latestEntry(owner, tx);
      return latest ? toCustomerWaitlistEntryView(latest, null) : null;
    });
  }
}
