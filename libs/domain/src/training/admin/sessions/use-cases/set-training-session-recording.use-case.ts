import { Service } from 'typedi';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingRepository } from '../../../training.repository';
import { toTrainingSessionView, TrainingSessionView } from '../training-session.views';

/**
 * Points a session at its recording (an HLS playlist key under `uploads/video/`, validated by the
 * DTO) or clears it. The object itself is never touched: uploads own it.
 */
@Service()
export class SetTrainingSessionRecordingUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
  ) {}

  execute(trainingId: number, sessionId: number, recordingKey: string | null): Promise<TrainingSessionView> {
    return this.writes.transaction(async (tx) => {
      const training = await this.trainings.requireTraining(trainingId, tx, true);
      const session = await this.trainings.requireSession(training.id, sessionId, tx, true);
      session.recordingKey = recordingKey;
      await session.save({ transaction: tx });
      return toTrainingSessionView(session);
    });
  }
}
