import { Service } from 'typedi';
import { ValidationFailed } from '../../../../shared';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingSessionMismatch } from '../../../training.errors';
import { TrainingRepository } from '../../../training.repository';
import { toTrainingSessionView, TrainingSessionView } from '../training-session.views';
import { TrainingSessionsRepository } from '../training-sessions.repository';

/**
 * Puts a training's sessions in the given order (positions 0..n-1). `sessionIds` must name every
 * session of the training exactly once, since a partial order would leave the rest's positions
 * undefined: a repeated or missing id is 400 VALIDATION_ERROR, an id that is not a session of this
 * training (unknown, or another training's) 400 TRAINING_SESSION_MISMATCH.
 */
@Service()
export class ReorderTrainingSessionsUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly sessions: TrainingSessionsRepository,
  ) {}

  execute(trainingId: number, sessionIds: number[]): Promise<TrainingSessionView[]> {
    const repeated = [...new Set(sessionIds.filter((id, index) => sessionIds.indexOf(id) !== index))];
    if (repeated.length) throw ValidationFailed(`sessionIds must name each session once: repeated ${repeated.join(', ')}`);
    return this.writes.transaction(async (tx) => {
      const training = await this.trainings.requireTraining(trainingId, tx, true);
      const current = (await this.sessions.listOf(training.id, tx)).map((session) => session.id);
      const own = new Set(current);
      const foreign = sessionIds.filter((id) => !own.has(id));
      if (foreign.length) throw TrainingSessionMismatch(foreign);
      const listed = new Set(sessionIds);
      const missing = current.filter((id) => !listed.has(id));
      if (missing.length) throw ValidationFailed(`sessionIds must list every session of this training: missing ${missing.join(', ')}`);
      await this.sessions.reorder(training.id, sessionIds, tx);
      return (await this.sessions.listOf(training.id, tx)).map(toTrainingSessionView);
    });
  }
}
