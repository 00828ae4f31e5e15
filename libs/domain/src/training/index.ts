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
