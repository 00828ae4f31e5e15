/**
 * The training context's door (learning-commerce.md: Training records, Training admin, Training
 * customer and mobile). Other contexts and the apps import training only from here.
 */
export * from './training.errors';
export { TrainingRepository } from './training.repository';
export type { TrainingWithProduct } from './training.repository';
export { TrainingCatalogWrites, TRAINING_CATALOG_VIEWS } from './training-catalog-writes.service';
// Customer discovery (GET .../trainings, .../training/:trainingId/sessions, cohorts, sessions).
export * from './discovery';
// admin: sessions, cohorts (schedule, waitlist read), form config
export * from './admin/sessions';
export * from './admin/cohorts';
export * from './admin/form-config';
// admin: training records and trailers
export * from './admin/trainings';
export { CohortSeatsService } from './seats/cohort-seats.service';
export type { CohortSeats } from './seats/cohort-seats.service';
export { EnrollmentMovesService } from './enrollments/enrollment-moves.service';
export type { EnrollmentActor, EnrollmentMove } from './enrollments/enrollment-moves.service';
// enrollments: customer and admin reads, cancellation, admin status change
export * from './enrollments/reads';
export * from './enrollments/cancellation';
export * from './enrollments/admin';
// waitlist: customers join and leave, admins promote, a job expires unused holds
export * from './waitlist';
// session content and signed HLS playback (GET .../sessions/:sessionId/content, POST .../video-token, GET /api/training/playback/...)
export * from './playback';
// enroll through payment: the use case, the access of an enrollment, the fulfilment handler of `training` lines
export { EnrollTrainingDto } from './enrollments/enroll/dto/enroll-training.dto';
export { EnrollTrainingUseCase } from './enrollments/enroll/enroll-training.use-case';
export type { EnrollTrainingInput, EnrollView, EnrollAnswer } from './enrollments/enroll/enroll-training.use-case';
export { EnrollmentAccessService } from './enrollments/enrollment-access.service';
export { TrainingFulfilmentService } from './enrollments/fulfilment/training-fulfilment.service';
export { TrainingEnrollmentReferencesService } from './enrollments/fulfilment/training-enrollment-references.service';
