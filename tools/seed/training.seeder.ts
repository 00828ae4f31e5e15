import type { ContainerInstance } from 'typedi';
import {
  Database,
  TrainingCohortModel,
  TrainingEnrollmentFormConfigModel,
  TrainingModel,
  TrainingSessionModel,
  TrainingWaitlistEntryModel,
  Transaction,
} from '@platform/db';
import { ProductSlugs, ProductWriter } from '@platform/domain';
import type { DemoManifest } from './demo-manifest';

type TrainingManifest = Pick<DemoManifest, 'trainings'>;

const DAY_MS = 86_400_000;

const DEMO_TRAINING = {
  slug: 'live-trading-bootcamp',
  title: 'Live Trading Bootcamp',
  description: 'Four weeks of live and recorded sessions on reading the NEPSE market, placing orders and managing risk.',
  mrpPaisa: 1_500_000,
  spPaisa: 1_200_000,
};

/**
 * CONTRACT section 7: one published, sellable training with an open cohort (capacity >= 100), a
 * full cohort (seatsTaken = capacity) whose waitlist has a `waiting` entry of the first demo
 * customer, a closed and a cancelled cohort; a recorded session with a recording, a recorded one
 * without, a live session not live yet; a form config with one required field. Found by its slug
 * (a former slug too): an existing training is reported as it is, never changed. The full
 * cohort's seats are taken without enrollment rows (enrollments are part 2; the counter is what
 * the full status and the waitlist rest on). Dates are relative to the first run.
 */
export async function seedTraining(container: ContainerInstance, waitlistedUserId: string): Promise<TrainingManifest> {
  const existing = await container.get(ProductSlugs).resolve(DEMO_TRAINING.slug, { type: 'training' });
  const productId = existing?.id ?? (await container.get(Database).transaction((tx) => createTraining(container, waitlistedUserId, tx)));
  return { trainings: [await trainingManifest(productId)] };
}

async function createTraining(container: ContainerInstance, waitlistedUserId: string, tx: Transaction): Promise<number> {
  const writer = container.get(ProductWriter);
  const { slug, title, mrpPaisa, spPaisa, description } = DEMO_TRAINING;
  const product = await writer.create('training', { slug, title, mrpPaisa, spPaisa }, tx);
  await writer.setPublished(product, true, tx);
  const training = await TrainingModel.create(
    { productId: product.id, status: 'published', description, isFeatured: true, accessType: 'lifetime' },
    { transaction: tx },
  );
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY_MS);
  const sessions = [
    { title: 'Market structure (recorded)', type: 'recorded', status: 'completed', recordingKey: `uploads/video/demo/${slug}/session-1/index.m3u8` },
    { title: 'Order types and TMS walkthrough (recording coming)', type: 'recorded', status: 'scheduled', recordingKey: null },
    { title: 'Live market session', type: 'live', status: 'scheduled', scheduledAt: at(30), recordingKey: null },
  ] as const;
  for (const [position, session] of sessions.entries()) {
    await TrainingSessionModel.create(
      { trainingId: training.id, position, durationMinutes: 90, scheduledAt: null, ...session },
      { transaction: tx },
    );
  }
  const cohorts = [
    { name: 'Open batch', status: 'open', capacity: 120, seatsTaken: 0, startsAt: at(14), endsAt: at(42) },
    { name: 'Full batch', status: 'full', capacity: 2, seatsTaken: 2, startsAt: at(7), endsAt: at(35) },
    { name: 'Closed batch', status: 'closed', capacity: 50, seatsTaken: 0, startsAt: at(-60), endsAt: at(-32) },
    { name: 'Cancelled batch', status: 'cancelled', capacity: 50, seatsTaken: 0, startsAt: at(21), endsAt: at(49) },
  ] as const;
  for (const cohort of cohorts) {
    const created = await TrainingCohortModel.create({ trainingId: training.id, ...cohort }, { transaction: tx });
    if (cohort.status === 'full') {
      await TrainingWaitlistEntryModel.create({ cohortId: created.id, userId: waitlistedUserId, status: 'waiting' }, { transaction: tx });
    }
  }
  await TrainingEnrollmentFormConfigModel.create(
    {
      trainingId: training.id,
      fields: [
        { key: 'phone', label: 'Phone number', type: 'phone', required: true },
        { key: 'experience', label: 'Trading experience', type: 'select', required: false, options: ['none', 'under 1 year', 'over 1 year'] },
      ],
    },
    { transaction: tx },
  );
  return product.id;
}

async function trainingManifest(productId: number): Promise<TrainingManifest['trainings'][number]> {
  const training = await TrainingModel.findOne({ where: { productId }, include: ['product'], rejectOnEmpty: true });
  const [cohorts, sessions, formConfig] = await Promise.all([
    TrainingCohortModel.findAll({ where: { trainingId: training.id }, order: [['id', 'ASC']] }),
    TrainingSessionModel.findAll({ where: { trainingId: training.id }, order: [['position', 'ASC']] }),
    TrainingEnrollmentFormConfigModel.findOne({ where: { trainingId: training.id } }),
  ]);
  const waitlist = await TrainingWaitlistEntryModel.findAll({ where: { cohortId: cohorts.map((cohort) => cohort.id) }, order: [['id', 'ASC']] });
  const product = training.product;
  return {
    id: training.id,
    productId,
    slug: product?.slug ?? '',
    published: training.status === 'published' && product?.isPublished === true,
    cohorts: cohorts.map((cohort) => ({
      id: cohort.id,
      capacity: cohort.capacity,
      status: cohort.status,
      waitlist: waitlist.filter((entry) => entry.cohortId === cohort.id).map((entry) => ({ id: entry.id, status: entry.status })),
    })),
    sessions: sessions.map((session) => ({ id: session.id, type: session.type, status: session.status, hasRecording: session.recordingKey !== null })),
    // An admin may have removed every field since; the manifest still names a form (CONTRACT §7).
    formConfig: { fields: (formConfig?.fields ?? []).map((field) => ({ key: field.key, label: field.label, type: field.type, required: field.required })) },
  };
}
