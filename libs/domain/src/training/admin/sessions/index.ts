export * from './dto/training-session.dto';
export type { TrainingSessionView } from './training-session.views';
export { TrainingSessionsService } from './training-sessions.service';
export { CreateTrainingSessionUseCase } from './use-cases/create-training-session.use-case';
export { UpdateTrainingSessionUseCase } from './use-cases/update-training-session.use-case';
export { SetTrainingSessionRecordingUseCase } from './use-cases/set-training-session-recording.use-case';
export { DeleteTrainingSessionUseCase } from './use-cases/delete-training-session.use-case';
export { ReorderTrainingSessionsUseCase } from './use-cases/reorder-training-sessions.use-case';
