import { Service } from 'typedi';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingCohortHasEnrollments } from '../../../training.errors';
import { TrainingRepository } from '../../../training.repository';
import { PublishedTrainingGuardService } from '../../sessions/published-training-guard.service';
import { TrainingCohortsRepository } from '../training-cohorts.repository';

/**
 * Deletes a cohort nobody enrolled in (any enrollment, even cancelled, keeps it: 409, and the
 * foreign key RESTRICTs it too); its schedule and waitlist go with it (cascade). A published
 * training keeps at least one cohort that is not cancelled (400 TRAINING_NOT_PUBLISHABLE).
 */
@Service()
export class DeleteTrainingCohortUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly cohorts: TrainingCohortsRepository,
    private readonly guard: PublishedTrainingGuardService,
  ) {}

  execute(trainingId: number, cohortId: number): Promise<{ id: number }> {
    return this.writes.transaction(async (tx) => {
      const training = await this.trainings.requireTraining(trainingId, tx, true);
      const cohort = await this.trainings.requireCohort(training.id, cohortId, tx, true);
      if (await this.cohorts.hasEnrollments(cohort.id, tx)) throw TrainingCohortHasEnrollments();
      await this.cohorts.remove(cohort, tx);
      await this.guard.requireStillPublishable(training, tx);
      return { id: cohort.id };
    });
  }
}
