import { Service } from 'typedi';
import { CustomerActor, isRowId } from '../../shared';
import { TrainingCohortNotFound } from '../training.errors';
import { TrainingWaitlistRepository } from './training-waitlist.repository';
import { CustomerWaitlistEntryView, toCustomerWaitlistEntryView } from './training-waitlist.views';

/** A customer's reads of their own waitlist entries. */
@Service()
export class TrainingWaitlistService {
  constructor(private readonly waitlist: TrainingWaitlistRepository) {}

  /** The caller's newest entry of a cohort of a published training (null: never joined), with its FIFO place while waiting. */
  async mine(actor: CustomerActor, cohortId: number): Promise<CustomerWaitlistEntryView | null> {
    const cohort = isRowId(cohortId) ? await this.waitlist.onSaleCohort(cohortId) : null;
    if (!cohort) throw TrainingCohortNotFound();
    const owner = { userId: actor.id, cohortId: cohort.id };
    const entry = (await this.waitlist.liveEntry(owner)) ?? (await this.waitlist.latestEntry(owner));
    if (!entry) return null;
    return toCustomerWaitlistEntryView(entry, entry.status === 'waiting' ? await this.waitlist.position(entry) : null);
  }
}
