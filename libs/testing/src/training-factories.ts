import { randomBytes } from 'node:crypto';
import {
  ProductModel,
  TrainingCohortModel,
  TrainingEnrollmentFormConfigModel,
  TrainingFormField,
  TrainingModel,
  TrainingSessionModel,
  TrainingStatus,
} from '@platform/db';
import { createTrainingProduct, ProductOptions } from './catalog-factories';

const suffix = () => randomBytes(4).toString('hex');

export interface TrainingOptions extends ProductOptions {
  status?: TrainingStatus;
  description?: string | null;
  isFree?: boolean;
  isFeatured?: boolean;
  categoryId?: number | null;
  tagId?: number | null;
  trailerRef?: string | null;
  thumbnailRef?: string | null;
  accessDurationDays?: number | null;
  /** Sessions to create, in position order (default: one recorded session). */
  sessions?: Array<Partial<Pick<TrainingSessionModel, 'title' | 'type' | 'status' | 'recordingKey' | 'scheduledAt' | 'liveSessionRef' | 'durationMinutes'>>>;
  /** Cohorts to create (default: one open cohort of 30 seats). */
  cohorts?: Array<Partial<Pick<TrainingCohortModel, 'name' | 'status' | 'capacity' | 'seatsTaken' | 'startsAt' | 'endsAt'>>>;
  formFields?: TrainingFormField[];
}

export interface TestTraining {
  training: TrainingModel;
  product: ProductModel;
  sessions: TrainingSessionModel[];
  cohorts: TrainingCohortModel[];
}

/**
 * A training written straight to the database (independent of the use cases under test): by
 * default published (training status and product), sellable, lifetime access, one recorded
 * session and one open cohort. `published: false` makes a draft with an unpublished product.
 */
export async function createTraining(options: TrainingOptions = {}): Promise<TestTraining> {
  const status = options.status ?? (options.published === false ? 'draft' : 'published');
  const product = await createTrainingProduct({ ...options, published: options.published ?? status === 'published' });
  const training = await TrainingModel.create({
    productId: product.id,
    status,
    description: options.description === undefined ? 'A training for tests' : options.description,
    isFree: options.isFree ?? false,
    isFeatured: options.isFeatured ?? false,
    categoryId: options.categoryId ?? null,
    tagId: options.tagId ?? null,
    trailerRef: options.trailerRef ?? null,
    thumbnailRef: options.thumbnailRef ?? null,
    accessType: options.accessDurationDays ? 'time_limited' : 'lifetime',
    accessDurationDays: options.accessDurationDays ?? null,
  });
  const sessions: TrainingSessionModel[] = [];
  for (const [position, session] of (options.sessions ?? [{}]).entries()) {
    sessions.push(
      await TrainingSessionModel.create({
        trainingId: training.id,
        title: session.title ?? `Session ${position + 1}`,
        type: session.type ?? 'recorded',
        status: session.status ?? 'scheduled',
        position,
        durationMinutes: session.durationMinutes ?? 60,
        scheduledAt: session.scheduledAt ?? null,
        liveSessionRef: session.liveSessionRef ?? null,
        recordingKey: session.recordingKey ?? null,
      }),
    );
  }
  const cohorts: TrainingCohortModel[] = [];
  for (const cohort of options.cohorts ?? [{}]) {
    cohorts.push(
      await TrainingCohortModel.create({
        trainingId: training.id,
        name: cohort.name ?? `Cohort ${suffix()}`,
        status: cohort.status ?? 'open',
        capacity: cohort.capacity ?? 30,
        seatsTaken: cohort.seatsTaken ?? 0,
        startsAt: cohort.startsAt ?? null,
        endsAt: cohort.endsAt ?? null,
      }),
    );
  }
  if (options.formFields) await TrainingEnrollmentFormConfigModel.create({ trainingId: training.id, fields: options.formFields });
  return { training, product, sessions, cohorts };
}
