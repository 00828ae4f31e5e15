export * from './dto/training-form-config.dto';
export type { TrainingFormConfigView } from './training-form-config.views';
export { TrainingFormConfigService } from './training-form-config.service';
export { PutTrainingFormConfigUseCase } from './use-cases/put-training-form-config.use-case';
