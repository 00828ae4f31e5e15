import { Service } from 'typedi';
import type { TrainingCohortStatus } from '@platform/db';
import { ValidationFailed } from '../../../../shared';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingCohortCapacityBelowSeats } from '../../../training.errors';
import { TrainingRepository } from '../../../training.repository';
import { PublishedTrainingGuardService } from '../../sessions/published-training-guard.service';
import { requireForwardWindow } from '../cohort-window';
import type { UpdateTrainingCohortDto } from '../dto/training-cohort.dto';
import { toTrainingCohortView, TrainingCohortView } from '../training-cohort.views';

const toDate = (value: string | null): Date | null => (value ? new Date(value) : null);
const FIELDS = ['name', 'capacity', 'status', 'startsAt', 'endsAt'] as const;

/**
 * Edits a cohort. The cohort row is locked before the capacity check, so a seat taken
 * concurrently (part 2 takes seats under the same lock) cannot slip between check and write.
 * Cancelling the last cohort of a published training that is not cancelled is 400
 * TRAINING_NOT_PUBLISHABLE.
 */
@Service()
export class UpdateTrainingCohortUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly guard: PublishedTrainingGuardService,
  ) {}

  execute(trainingId: number, cohortId: number, input: UpdateTrainingCohortDto): Promise<TrainingCohortView> {
    if (FIELDS.every((field) => input[field] === undefined)) throw ValidationFailed('Nothing to update: send at least one field');
    return this.writes.transaction(async (tx) => {
      const training = await this.trainings.requireTraining(trainingId, tx, true);
      const cohort = await this.trainings.requireCohort(training.id, cohortId, tx, true);
      const startsAt = input.startsAt === undefined ? cohort.startsAt : toDate(input.startsAt);
      const endsAt = input.endsAt === undefined ? cohort.endsAt : toDate(input.endsAt);
      requireForwardWindow(startsAt, endsAt);
      const capacity = input.capacity ?? cohort.capacity;
      // Seats promoted past capacity (extraSeats) are not the capacity's to hold.
      const seatsWithinCapacity = cohort.seatsTaken - cohort.extraSeats;
      if (capacity < seatsWithinCapacity) throw TrainingCohortCapacityBelowSeats(seatsWithinCapacity);
      cohort.set({
        name: input.name ?? cohort.name,
        capacity,
        status: statusForSeats(input.status ?? cohort.status, capacity + cohort.extraSeats, cohort.seatsTaken),
        startsAt,
        endsAt,
      });
      await cohort.save({ transaction: tx });
      if (input.status === 'cancelled') await this.guard.requireStillPublishable(training, tx);
      return toTrainingCohortView(cohort);
    });
  }
}

/**
 * Seats decide `full`: an open cohort with every seat taken is `full`, a full one with a seat
 * free again (capacity raised) is `open`. Closed and cancelled stay as the admin set them.
 * `seats` counts the extra seats promotions granted past capacity.
 */
export function statusForSeats(status: TrainingCohortStatus, seats: number, seatsTaken: number): TrainingCohortStatus {
  if (status !== 'open' && status !== 'full') return status;
  return seatsTaken >= seats ? 'full' : 'open';
}
