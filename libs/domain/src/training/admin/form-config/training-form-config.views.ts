import type { TrainingEnrollmentFormConfigModel, TrainingFormField } from '@platform/db';

/** TrainingFormConfigDto: the enrollment form of a training. */
export interface TrainingFormConfigView {
  trainingId: number;
  fields: TrainingFormField[];
  updatedAt: Date;
}

export const toTrainingFormConfigView = (config: TrainingEnrollmentFormConfigModel): TrainingFormConfigView => ({
  trainingId: config.trainingId,
  fields: config.fields,
  updatedAt: config.updatedAt,
});
