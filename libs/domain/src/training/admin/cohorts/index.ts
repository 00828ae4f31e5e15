export * from './dto/training-cohort.dto';
export type { CohortScheduleEntryView, TrainingCohortDetailView, TrainingCohortView, WaitlistEntryView } from './training-cohort.views';
export { TrainingCohortsService } from './training-cohorts.service';
export { CreateTrainingCohortUseCase } from './use-cases/create-training-cohort.use-case';
export { UpdateTrainingCohortUseCase } from './use-cases/update-training-cohort.use-case';
export { DeleteTrainingCohortUseCase } from './use-cases/delete-training-cohort.use-case';
export { ReplaceCohortScheduleUseCase } from './use-cases/replace-cohort-schedule.use-case';
