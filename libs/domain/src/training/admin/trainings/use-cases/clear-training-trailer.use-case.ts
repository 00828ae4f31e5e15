import { Service } from 'typedi';
import { TrailerFiles } from '../../../../uploads';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingRepository } from '../../../training.repository';

/**
 * DELETE /api/admin/training/:id/trailer: trailerRef becomes null first, then the old object is
 * deleted, best effort and only when it was a managed `public/trailer/` key (legacy refs are kept).
 */
@Service()
export class ClearTrainingTrailerUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly trailers: TrailerFiles,
  ) {}

  async execute(trainingId: number): Promise<{ id: number; trailerRef: null; trailerUrl: null }> {
    await this.trailers.clear(() =>
      this.writes.transaction(async (tx) => {
        const training = await this.trainings.requireTraining(trainingId, tx, true);
        const previousRef = training.trailerRef;
        if (previousRef !== null) {
          training.trailerRef = null;
          await training.save({ transaction: tx });
        }
        return previousRef;
      }),
    );
    return { id: trainingId, trailerRef: null, trailerUrl: null };
  }
}
