import { Service } from 'typedi';
import { ValidationFailed } from '../../../../shared';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingRepository } from '../../../training.repository';
import type { UpdateTrainingSessionDto } from '../dto/training-session.dto';
import { PublishedTrainingGuardService } from '../published-training-guard.service';
import { toTrainingSessionView, TrainingSessionView } from '../training-session.views';

const FIELDS = ['title', 'description', 'type', 'durationMinutes', 'liveSessionRef', 'status'] as const;

/**
 * Edits a session's fields (its position moves only through reorder, its recording through the
 * recording route). Cancelling the last session of a published training that is not cancelled
 * is 400 TRAINING_NOT_PUBLISHABLE.
 */
@Service()
export class UpdateTrainingSessionUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly guard: PublishedTrainingGuardService,
  ) {}

  execute(trainingId: number, sessionId: number, input: UpdateTrainingSessionDto): Promise<TrainingSessionView> {
    if (input.scheduledAt === undefined && FIELDS.every((field) => input[field] === undefined)) {
      throw ValidationFailed('Nothing to update: send at least one field');
    }
    return this.writes.transaction(async (tx) => {
      const training = await this.trainings.requireTraining(trainingId, tx, true);
      const session = await this.trainings.requireSession(training.id, sessionId, tx, true);
      for (const field of FIELDS) {
        if (input[field] !== undefined) session.set(field, input[field]);
      }
      if (input.scheduledAt !== undefined) session.scheduledAt = input.scheduledAt === null ? null : new Date(input.scheduledAt);
      await session.save({ transaction: tx });
      if (input.status === 'cancelled') await this.guard.requireStillPublishable(training, tx);
      return toTrainingSessionView(session);
    });
  }
}
