/** Admin training records and trailers (learning-commerce.md "Training admin", "Training trailers"). */
export { FetchTrainingDto, ADMIN_TRAINING_SORTS } from './dto/fetch-training.dto';
export type { AdminTrainingSort } from './dto/fetch-training.dto';
export { CreateTrainingDto, UpdateTrainingDto, MAX_ACCESS_DURATION_DAYS } from './dto/training-write.dto';
export type { AdminTrainingListItemDto, TrainingResponseDto, TrainingDeleteResponseDto, TrainingTrailerDto } from './training-admin.views';
export { AdminTrainingsService } from './training-admin.service';
export { TrainingPublicationService } from './training-publication.service';
export { CreateTrainingUseCase } from './use-cases/create-training.use-case';
export { UpdateTrainingUseCase } from './use-cases/update-training.use-case';
export { DeleteTrainingUseCase } from './use-cases/delete-training.use-case';
export { UploadTrainingTrailerUseCase } from './use-cases/upload-training-trailer.use-case';
export { ClearTrainingTrailerUseCase } from './use-cases/clear-training-trailer.use-case';
