import { Service } from 'typedi';
import { StorageUrls } from '@platform/storage';
import { TrailerFiles, UploadedFileInput } from '../../../../uploads';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingRepository } from '../../../training.repository';
import type { TrainingTrailerDto } from '../training-admin.views';

/**
 * POST /api/admin/training/:id/trailer (learning-commerce.md "Training trailers": the course
 * trailer rules). TrailerFiles.replace does the order of work: validate and store, point the
 * training at the new key under its row lock, delete the new object if that save fails, then
 * delete the replaced object (best effort, managed `public/trailer/` keys only).
 */
@Service()
export class UploadTrainingTrailerUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly trailers: TrailerFiles,
    private readonly urls: StorageUrls,
  ) {}

  async execute(trainingId: number, file: UploadedFileInput | undefined): Promise<TrainingTrailerDto> {
    await this.trainings.requireTraining(trainingId); // an unknown training is 404 before anything is stored
    const { key } = await this.trailers.replace(file, (newKey) =>
      this.writes.transaction(async (tx) => {
        const training = await this.trainings.requireTraining(trainingId, tx, true);
        const previousRef = training.trailerRef;
        training.trailerRef = newKey;
        await training.save({ transaction: tx });
        return { previousRef };
      }),
    );
    return { id: trainingId, trailerRef: key, trailerUrl: this.urls.publicUrl(key) };
  }
}
