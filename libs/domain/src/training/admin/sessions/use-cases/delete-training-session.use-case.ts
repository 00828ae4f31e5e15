import { Service } from 'typedi';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingSessionHasEnrollments } from '../../../training.errors';
import { TrainingRepository } from '../../../training.repository';
import { PublishedTrainingGuardService } from '../published-training-guard.service';
import { TrainingSessionsRepository } from '../training-sessions.repository';

/**
 * Deletes a session and closes the gap in the positions of the rest. A session an enrollment names
 * is refused (409; the foreign key RESTRICTs it too): cancel it instead. Cohort schedules of the
 * session go with it (cascade). A published training keeps at least one session that is not
 * cancelled (400 TRAINING_NOT_PUBLISHABLE).
 */
@Service()
export class DeleteTrainingSessionUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly sessions: TrainingSessionsRepository,
    private readonly guard: PublishedTrainingGuardService,
  ) {}

  execute(trainingId: number, sessionId: number): Promise<{ id: number }> {
    return this.writes.transaction(async (tx) => {
      const training = await this.trainings.requireTraining(trainingId, tx, true);
      const session = await this.trainings.requireSession(training.id, sessionId, tx, true);
      if (await this.sessions.isNamedByEnrollment(session.id, tx)) throw TrainingSessionHasEnrollments();
      await this.sessions.remove(session, tx);
      await this.guard.requireStillPublishable(training, tx);
      return { id: session.id };
    });
  }
}
