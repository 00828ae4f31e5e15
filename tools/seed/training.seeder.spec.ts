import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import {
  ProductModel,
  TrainingCohortModel,
  TrainingEnrollmentFormConfigModel,
  TrainingModel,
  TrainingSessionModel,
  TrainingWaitlistEntryModel,
} from '@platform/db';
import { testContainer } from '@platform/testing';
import { seedIdentity } from './identity.seeder';
import { seedTraining } from './training.seeder';

describe('training demo seeder', () => {
  let container: ContainerInstance;
  let customerId: string;

  before(async () => {
    container = await testContainer('training-seeder-spec');
    customerId = (await seedIdentity(container)).customers[0].id;
  });

  const counts = async () => ({
    products: await ProductModel.count(),
    trainings: await TrainingModel.count(),
    sessions: await TrainingSessionModel.count(),
    cohorts: await TrainingCohortModel.count(),
    waitlist: await TrainingWaitlistEntryModel.count(),
    forms: await TrainingEnrollmentFormConfigModel.count(),
  });

  it('creates the CONTRACT section 7 training, and a second run creates nothing and reports the same manifest', async () => {
    const first = await seedTraining(container, customerId);
    const before = await counts();
    const second = await seedTraining(container, customerId);
    expect(second).to.deep.equal(first);
    expect(await counts()).to.deep.equal(before);

    expect(first.trainings).to.have.length(1);
    const [demo] = first.trainings;
    expect(demo).to.include({ slug: 'live-trading-bootcamp', published: true });
    const training = await TrainingModel.findByPk(demo.id, { include: ['product'] });
    expect(training).to.include({ status: 'published', productId: demo.productId });
    expect(training?.product).to.include({ type: 'training', isPublished: true, isSellable: true, slug: demo.slug });

    const statuses = demo.cohorts.map((cohort) => cohort.status);
    expect(statuses).to.include.members(['open', 'full', 'closed', 'cancelled']);
    expect(demo.cohorts.find((cohort) => cohort.status === 'open')?.capacity).to.be.at.least(100);
    const full = demo.cohorts.find((cohort) => cohort.status === 'full');
    expect(full?.waitlist.map((entry) => entry.status)).to.include('waiting');
    const fullRow = await TrainingCohortModel.findByPk(full?.id);
    expect(fullRow?.seatsTaken).to.equal(fullRow?.capacity);
    const waiting = await TrainingWaitlistEntryModel.findByPk(full?.waitlist[0].id);
    expect(waiting).to.include({ userId: customerId, status: 'waiting' });

    expect(demo.sessions).to.deep.include({ id: demo.sessions[0].id, type: 'recorded', status: 'completed', hasRecording: true });
    expect(demo.sessions.some((session) => session.type === 'recorded' && !session.hasRecording)).to.equal(true);
    const live = demo.sessions.find((session) => session.type === 'live');
    expect(live).to.include({ status: 'scheduled', hasRecording: false });
    const liveRow = await TrainingSessionModel.findByPk(live?.id);
    expect(liveRow?.scheduledAt?.getTime()).to.be.above(Date.now());
    const recorded = await TrainingSessionModel.findByPk(demo.sessions[0].id);
    expect(recorded?.recordingKey).to.match(/^uploads\/video\//);

    expect(demo.formConfig?.fields.filter((field) => field.required)).to.have.length(1);
  });

  it('matches the database row for row', async () => {
    const [demo] = (await seedTraining(container, customerId)).trainings;
    const cohorts = await TrainingCohortModel.findAll({ where: { trainingId: demo.id }, order: [['id', 'ASC']] });
    expect(demo.cohorts.map((cohort) => [cohort.id, cohort.capacity, cohort.status])).to.deep.equal(
      cohorts.map((cohort) => [cohort.id, cohort.capacity, cohort.status]),
    );
    const sessions = await TrainingSessionModel.findAll({ where: { trainingId: demo.id }, order: [['position', 'ASC']] });
    expect(demo.sessions.map((session) => session.id)).to.deep.equal(sessions.map((session) => session.id));
    const form = await TrainingEnrollmentFormConfigModel.findOne({ where: { trainingId: demo.id } });
    expect(demo.formConfig?.fields.map((field) => field.key)).to.deep.equal(form?.fields.map((field) => field.key));
  });
});
