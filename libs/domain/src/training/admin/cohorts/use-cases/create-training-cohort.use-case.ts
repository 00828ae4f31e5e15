import { Service } from 'typedi';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingRepository } from '../../../training.repository';
import { requireForwardWindow } from '../cohort-window';
import type { CreateTrainingCohortDto } from '../dto/training-cohort.dto';
import { toTrainingCohortView, TrainingCohortView } from '../training-cohort.views';
import { TrainingCohortsRepository } from '../training-cohorts.repository';

/** Adds a cohort to a training, `open` unless told otherwise, with no seat taken. */
@Service()
export class CreateTrainingCohortUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly cohorts: TrainingCohortsRepository,
  ) {}

  execute(trainingId: number, input: CreateTrainingCohortDto): Promise<TrainingCohortView> {
    const startsAt = input.startsAt ? new Date(input.startsAt) : null;
    const endsAt = input.endsAt ? new Date(input.endsAt) : null;
    requireForwardWindow(startsAt, endsAt);
    return this.writes.transaction(async (tx) => {
      const training = await this.trainings.requireTraining(trainingId, tx, true);
      const cohort = await this.cohorts.create(
        { trainingId: training.id, name: input.name, capacity: input.capacity, status: input.status ?? 'open', startsAt, endsAt },
        tx,
      );
      return toTrainingCohortView(cohort);
    });
  }
}
