import { expect } from 'chai';
import { TrainingCohortModel, TrainingEnrollmentModel, TrainingWaitlistEntryModel } from '@platform/db';
import { adminToken, buildTestApp, createCustomer, createTraining, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['Training_READ', 'Training_Cohort_CREATE', 'Training_Cohort_UPDATE', 'Training_Cohort_DELETE'];
/** Parsed by Date but not RFC 3339 instants: refused by @IsInstant() (they used to reach the database and answer 500). */
const NOT_INSTANTS = ['2024-W01-1', '20240101', '2024-01-01T10'];
const badDates = (body: object) => NOT_INSTANTS.flatMap((date) => [{ ...body, startsAt: date }, { ...body, endsAt: date }]);

describe('Admin training cohorts (admin-api)', () => {
  let api: TestApp;
  let admin: string;

  const base = (trainingId: number) => `/api/admin/training/${trainingId}/cohorts`;
  const call = (method: 'get' | 'post' | 'patch' | 'delete', path: string, body?: object) =>
    api.http[method](path).set('Authorization', admin).send(body);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, PERMISSIONS)}`;
  });

  describe('reads', () => {
    it('lists the cohorts earliest start first, undated last, with seats left', async () => {
      const { training, cohorts } = await createTraining({
        cohorts: [{ startsAt: null }, { startsAt: new Date('2030-03-01T00:00:00Z'), capacity: 10, seatsTaken: 4 }, { startsAt: new Date('2030-01-01T00:00:00Z') }],
      });
      const res = await call('get', base(training.id)).expect(200);
      expect(res.body.data.map((c: { id: number }) => c.id)).to.deep.equal([cohorts[2].id, cohorts[1].id, cohorts[0].id]);
      expect(res.body.data[1]).to.have.all.keys(
        'id', 'trainingId', 'name', 'status', 'capacity', 'seatsTaken', 'seatsLeft', 'startsAt', 'endsAt', 'createdAt', 'updatedAt',
      );
      expect(res.body.data[1]).to.include({ capacity: 10, seatsTaken: 4, seatsLeft: 6, status: 'open' });
    });

    it('answers the detail with its schedule and waitingCount, and 404 for unknown or foreign cohorts', async () => {
      const { training, cohorts } = await createTraining();
      const other = await createTraining();
      const customer = await createCustomer(api.app.container);
      await TrainingWaitlistEntryModel.create({ cohortId: cohorts[0].id, userId: customer.id });
      const res = await call('get', `${base(training.id)}/${cohorts[0].id}`).expect(200);
      expect(res.body.data).to.include({ id: cohorts[0].id, waitingCount: 1 });
      expect(res.body.data.schedule).to.deep.equal([]);
      expect((await call('get', base(999_999_999)).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
      expect((await call('get', `${base(training.id)}/999999999`).expect(404)).body.errorCode).to.equal('TRAINING_COHORT_NOT_FOUND');
      expect((await call('get', `${base(training.id)}/${other.cohorts[0].id}`).expect(404)).body.errorCode).to.equal('TRAINING_COHORT_NOT_FOUND');
    });
  });

  describe('POST (create)', () => {
    it('adds an open cohort with no seat taken, answering 201', async () => {
      const { training } = await createTraining();
      const body = { name: ' Batch 7 ', capacity: 25, startsAt: '2030-01-01T00:00:00Z', endsAt: '2030-02-01T00:00:00Z' };
      const res = await call('post', base(training.id), body).expect(201);
      expect(res.body.message).to.equal('Cohort created successfully');
      expect(res.body.data).to.include({ name: 'Batch 7', capacity: 25, seatsTaken: 0, seatsLeft: 25, status: 'open', trainingId: training.id });
      expect(res.body.data.startsAt).to.equal('2030-01-01T00:00:00.000Z');
      const closed = await call('post', base(training.id), { name: 'Later', capacity: 5, status: 'closed' }).expect(201);
      expect(closed.body.data.status).to.equal('closed');
    });

    it('refuses bad bodies with 400 VALIDATION_ERROR: capacity, status full, a backwards window', async () => {
      const { training } = await createTraining();
      const ok = { name: 'B', capacity: 5 };
      for (const body of [{}, { ...ok, capacity: 0 }, { ...ok, capacity: 1.5 }, { ...ok, capacity: 100_001 }, { ...ok, status: 'full' },
        { ...ok, name: '' }, { ...ok, startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, { ...ok, endsAt: 'soon' }, ...badDates(ok)]) {
        const res = await call('post', base(training.id), body).expect(400);
        expect(res.body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
      }
      expect((await call('post', base(999_999_999), ok).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
    });
  });

  describe('PATCH (update)', () => {
    it('updates the given fields and refuses an empty body or a backwards window against the stored dates', async () => {
      const { training, cohorts } = await createTraining({ cohorts: [{ endsAt: new Date('2030-01-10T00:00:00Z') }] });
      const path = `${base(training.id)}/${cohorts[0].id}`;
      const res = await call('patch', path, { name: 'Renamed', capacity: 40, status: 'closed' }).expect(200);
      expect(res.body.data).to.include({ name: 'Renamed', capacity: 40, status: 'closed', seatsLeft: 40 });
      expect((await call('patch', path, {}).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      expect((await call('patch', path, { startsAt: '2030-02-01T00:00:00Z' }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      const cleared = await call('patch', path, { startsAt: '2030-02-01T00:00:00Z', endsAt: null }).expect(200);
      expect(cleared.body.data).to.include({ startsAt: '2030-02-01T00:00:00.000Z', endsAt: null });
    });

    it('refuses a startsAt or endsAt that is not an RFC 3339 instant with 400 VALIDATION_ERROR', async () => {
      const { training, cohorts } = await createTraining();
      for (const body of [{ startsAt: 'soon' }, ...badDates({})]) {
        const res = await call('patch', `${base(training.id)}/${cohorts[0].id}`, body).expect(400);
        expect(res.body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
      }
    });

    it('refuses a capacity below the seats taken with 409 TRAINING_COHORT_CAPACITY_BELOW_SEATS', async () => {
      const { training, cohorts } = await createTraining({ cohorts: [{ capacity: 10 }] });
      await TrainingCohortModel.update({ seatsTaken: 6 }, { where: { id: cohorts[0].id } });
      const res = await call('patch', `${base(training.id)}/${cohorts[0].id}`, { capacity: 5 }).expect(409);
      expect(res.body.errorCode).to.equal('TRAINING_COHORT_CAPACITY_BELOW_SEATS');
      expect((await TrainingCohortModel.findByPk(cohorts[0].id))?.capacity).to.equal(10);
    });

    it('lets seats decide full: capacity down to the seats taken fills it, capacity up reopens it', async () => {
      const { training, cohorts } = await createTraining({ cohorts: [{ capacity: 10, seatsTaken: 6 }] });
      const path = `${base(training.id)}/${cohorts[0].id}`;
      expect((await call('patch', path, { capacity: 6 }).expect(200)).body.data).to.include({ status: 'full', seatsLeft: 0 });
      expect((await call('patch', path, { capacity: 8 }).expect(200)).body.data).to.include({ status: 'open', seatsLeft: 2 });
      expect((await call('patch', path, { status: 'full' }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('answers 404 TRAINING_COHORT_NOT_FOUND for a cohort of another training', async () => {
      const { training } = await createTraining();
      const other = await createTraining();
      const res = await call('patch', `${base(training.id)}/${other.cohorts[0].id}`, { name: 'x' }).expect(404);
      expect(res.body.errorCode).to.equal('TRAINING_COHORT_NOT_FOUND');
    });
  });

  describe('DELETE', () => {
    it('deletes a cohort without enrollments, its waitlist going with it', async () => {
      const { training, cohorts } = await createTraining({ cohorts: [{}, {}] });
      const customer = await createCustomer(api.app.container);
      const entry = await TrainingWaitlistEntryModel.create({ cohortId: cohorts[0].id, userId: customer.id });
      const res = await call('delete', `${base(training.id)}/${cohorts[0].id}`).expect(200);
      expect(res.body.data).to.deep.equal({ id: cohorts[0].id });
      expect(await TrainingCohortModel.findByPk(cohorts[0].id)).to.equal(null);
      expect(await TrainingWaitlistEntryModel.findByPk(entry.id)).to.equal(null);
    });

    it('refuses a cohort any enrollment names with 409 TRAINING_COHORT_HAS_ENROLLMENTS', async () => {
      const { training, product, cohorts } = await createTraining();
      const customer = await createCustomer(api.app.container);
      await TrainingEnrollmentModel.create({ userId: customer.id, productId: product.id, trainingId: training.id, cohortId: cohorts[0].id });
      const res = await call('delete', `${base(training.id)}/${cohorts[0].id}`).expect(409);
      expect(res.body.errorCode).to.equal('TRAINING_COHORT_HAS_ENROLLMENTS');
    });

    it('answers 404 for a cohort of another training and leaves it in place', async () => {
      const { training } = await createTraining();
      const other = await createTraining();
      expect((await call('delete', `${base(training.id)}/${other.cohorts[0].id}`).expect(404)).body.errorCode).to.equal('TRAINING_COHORT_NOT_FOUND');
      expect(await TrainingCohortModel.findByPk(other.cohorts[0].id)).to.not.equal(null);
      expect((await call('delete', `${base(999_999_999)}/${other.cohorts[0].id}`).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
    });
  });
});
