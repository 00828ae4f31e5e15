import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { NotificationOutbox } from '../../../notifications';
import { AdminActor, CONFIG, isRowId } from '../../../shared';
import { CohortSeatsService } from '../../seats/cohort-seats.service';
import { TrainingCatalogWrites } from '../../training-catalog-writes.service';
import { TrainingAlreadyEnrolled, TrainingWaitlistNotFound } from '../../training.errors';
import { TrainingRepository } from '../../training.repository';
import { TrainingWaitlistNotPromotable } from '../training-waitlist.errors';
import { TrainingWaitlistRepository } from '../training-waitlist.repository';
import { PromotedWaitlistEntryView, toPromotedWaitlistEntryView } from '../training-waitlist.views';

/**
 * An admin's promotion of a waitlist entry (learning-commerce.md "Training admin": promote;
 * issue 20). The admin decides, so a full cohort is no obstacle: the entry becomes `promoted` and
 * holds a seat for its user for TRAINING_WAITLIST_HOLD_HOURS, taken past capacity when none is
 * free (CohortSeatsService.takePastCapacity; a closed or cancelled cohort refuses with its code),
 * and the user is told (TRAINING_WAITLIST_PROMOTED, after commit). The cohort row, then the
 * entry row, are locked: two promotes at once take one seat, and a repeated promote answers the
 * promoted entry and changes nothing. An expired or cancelled entry is 409
 * TRAINING_WAITLIST_NOT_PROMOTABLE; a user who meanwhile enrolled in the training is 409
 * TRAINING_ALREADY_ENROLLED (the seat would be held for nobody).
 */
@Service()
export class PromoteWaitlistEntryUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly waitlist: TrainingWaitlistRepository,
    private readonly seats: CohortSeatsService,
    private readonly outbox: NotificationOutbox,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  execute(admin: AdminActor, trainingId: number, cohortId: number, waitlistId: number): Promise<PromotedWaitlistEntryView> {
    return this.writes.transaction(async (tx) => {
      const training = await this.trainings.requireTraining(trainingId, tx);
      const cohort = await this.trainings.requireCohort(training.id, cohortId, tx, true);
      const entry = isRowId(waitlistId) ? await this.waitlist.lockEntry(cohort.id, waitlistId, tx) : null;
      if (!entry) throw TrainingWaitlistNotFound();
      if (entry.status === 'promoted') return toPromotedWaitlistEntryView(entry, cohort);
      if (entry.status !== 'waiting') throw TrainingWaitlistNotPromotable(entry.status);
      if (await this.waitlist.hasActiveEnrollment(entry.userId, training.id, tx)) {
        throw TrainingAlreadyEnrolled('The user already has a pending or active enrollment in this training');
      }
      const seats = await this.seats.takePastCapacity(training.id, cohort.id, tx);
      const promoted = await this.waitlist.promote(entry.id, admin.id, this.config.limits.training.waitlistHoldHours, tx);
      // The row is locked and was waiting, so the guarded update cannot miss.
      if (!promoted) throw TrainingWaitlistNotFound();
      await this.outbox.record(
        {
          event: 'TRAINING_WAITLIST_PROMOTED',
          to: { audience: 'customer', userId: promoted.userId },
          payload: {
            userId: promoted.userId,
            trainingId: training.id,
            cohortId: cohort.id,
            waitlistId: promoted.id,
            holdExpiresAt: (promoted.holdExpiresAt ?? new Date()).toISOString(),
            trainingTitle: training.product.title,
            cohortName: cohort.name,
          },
          dedupeKey: `TRAINING_WAITLIST_PROMOTED:waitlist:${promoted.id}`,
        },
        tx,
      );
      return toPromotedWaitlistEntryView(promoted, seats);
    });
  }
}
