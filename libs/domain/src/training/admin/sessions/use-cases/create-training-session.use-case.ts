import { Service } from 'typedi';
import { ValidationFailed } from '../../../../shared';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingRepository } from '../../../training.repository';
import { CreateTrainingSessionDto, MAX_SESSIONS_PER_TRAINING } from '../dto/training-session.dto';
import { toTrainingSessionView, TrainingSessionView } from '../training-session.views';
import { TrainingSessionsRepository } from '../training-sessions.repository';

/**
 * Adds a session after the training's last one. The training row lock serialises concurrent adds,
 * so both the next position and the MAX_SESSIONS_PER_TRAINING cap are counted without a race.
 */
@Service()
export class CreateTrainingSessionUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly sessions: TrainingSessionsRepository,
  ) {}

  execute(trainingId: number, input: CreateTrainingSessionDto): Promise<TrainingSessionView> {
    return this.writes.transaction(async (tx) => {
      const training = await this.trainings.requireTraining(trainingId, tx, true);
      if ((await this.sessions.countOf(training.id, tx)) >= MAX_SESSIONS_PER_TRAINING) {
        throw ValidationFailed(`A training holds at most ${MAX_SESSIONS_PER_TRAINING} sessions: delete one before adding another`);
      }
      const session = await this.sessions.append(
        {
          trainingId: training.id,
          title: input.title,
          description: input.description ?? null,
          type: input.type,
          status: input.status ?? 'scheduled',
          durationMinutes: input.durationMinutes,
          scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
          liveSessionRef: input.liveSessionRef ?? null,
        },
        tx,
      );
      return toTrainingSessionView(session);
    });
  }
}
