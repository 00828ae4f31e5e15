import { expect } from 'chai';
import { TrainingCohortModel, TrainingEnrollmentModel, TrainingWaitlistEntryModel } from '@platform/db';
import { adminToken, buildTestApp, createCustomer, createTraining, createWaitlistHold, TestApp, TestCustomer, TestTraining } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';

const PREFIXES = ['/api/mobile/training', '/api/training', '/api/trainings'];
const FULL = { capacity: 2, seatsTaken: 2, status: 'full' as const };

/** CONTRACT §10: a customer joins the waitlist of a full cohort, leaves it, and reads their own entry. */
describe('Training waitlist: join and leave (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  const path = (cohortId: number, prefix = PREFIXES[0]) => `${prefix}/cohorts/${cohortId}/waitlist`;
  const as = (customer: TestCustomer) => `Bearer ${customer.accessToken}`;
  const join = (customer: TestCustomer, cohortId: number, prefix?: string) => api.http.post(path(cohortId, prefix)).set('Authorization', as(customer)).send();
  const leave = (customer: TestCustomer, cohortId: number, prefix?: string) => api.http.delete(path(cohortId, prefix)).set('Authorization', as(customer)).send();
  const customer = () => createCustomer(api.app.container);
  const fullCohort = async (): Promise<TestTraining> => createTraining({ cohorts: [FULL] });
  const pendingEnrollment = (userId: string, fixture: TestTraining) =>
    TrainingEnrollmentModel.create({ userId, productId: fixture.product.id, trainingId: fixture.training.id, cohortId: fixture.cohorts[0].id, status: 'pending' });

  describe('POST (join)', () => {
    it('joins a full cohort with 201 and a waiting entry at its FIFO place, under every prefix', async () => {
      const { cohorts } = await fullCohort();
      const people = [await customer(), await customer(), await customer()];
      for (const [index, person] of people.entries()) {
        const res = await join(person, cohorts[0].id, PREFIXES[index]).expect(201);
        expect(res.body.message).to.equal('Joined the waitlist');
        expect(res.body.data).to.have.all.keys('id', 'cohortId', 'status', 'position', 'createdAt', 'holdExpiresAt');
        expect(res.body.data).to.include({ cohortId: cohorts[0].id, status: 'waiting', position: index + 1, holdExpiresAt: null });
      }
      expect(await TrainingWaitlistEntryModel.count({ where: { cohortId: cohorts[0].id, status: 'waiting' } })).to.equal(3);
    });

    it('answers the existing entry with 200 when the caller joins again, adding nothing', async () => {
      const { cohorts } = await fullCohort();
      const person = await customer();
      const first = await join(person, cohorts[0].id).expect(201);
      const again = await join(person, cohorts[0].id, '/api/trainings').expect(200);
      expect(again.body.message).to.equal('Already on the waitlist');
      expect(again.body.data).to.deep.equal(first.body.data);
      expect(await TrainingWaitlistEntryModel.count({ where: { cohortId: cohorts[0].id } })).to.equal(1);
    });

    it('keeps one entry when the same caller joins five times at once (one 201, the others 200 with it)', async () => {
      const { cohorts } = await fullCohort();
      const person = await customer();
      const answers = await Promise.all(Array.from({ length: 5 }, () => join(person, cohorts[0].id)));
      expect(answers.map((res) => res.status).sort()).to.deep.equal([200, 200, 200, 200, 201]);
      expect(new Set(answers.map((res) => res.body.data.id)).size).to.equal(1);
      expect(await TrainingWaitlistEntryModel.count({ where: { cohortId: cohorts[0].id, userId: person.id } })).to.equal(1);
    });

    it('answers a promoted hold the caller still holds (200) instead of queueing them again', async () => {
      const { cohorts } = await fullCohort();
      const person = await customer();
      const hold = await createWaitlistHold(api.app.container, cohorts[0], person.id);
      const res = await join(person, cohorts[0].id).expect(200);
      expect(res.body.data).to.include({ id: hold.id, status: 'promoted', position: null });
      expect(res.body.data.holdExpiresAt).to.equal(hold.holdExpiresAt?.toISOString());
    });

    it('refuses a cohort with free seats with 409 TRAINING_COHORT_NOT_FULL', async () => {
      const { cohorts } = await createTraining({ cohorts: [{ capacity: 3, seatsTaken: 2 }] });
      expect((await join(await customer(), cohorts[0].id).expect(409)).body.errorCode).to.equal('TRAINING_COHORT_NOT_FULL');
      expect(await TrainingWaitlistEntryModel.count({ where: { cohortId: cohorts[0].id } })).to.equal(0);
    });

    it('refuses a closed or cancelled cohort with its 409 code', async () => {
      const { cohorts } = await createTraining({ cohorts: [{ ...FULL, status: 'closed' }, { ...FULL, status: 'cancelled' }, { status: 'closed' }] });
      const person = await customer();
      expect((await join(person, cohorts[0].id).expect(409)).body.errorCode).to.equal('TRAINING_COHORT_CLOSED');
      expect((await join(person, cohorts[1].id).expect(409)).body.errorCode).to.equal('TRAINING_COHORT_CANCELLED');
      expect((await join(person, cohorts[2].id).expect(409)).body.errorCode).to.equal('TRAINING_COHORT_CLOSED');
    });

    it('refuses a caller with a pending or enrolled enrollment in the training with 409 TRAINING_ALREADY_ENROLLED', async () => {
      const fixture = await createTraining({ cohorts: [FULL, FULL] });
      const person = await customer();
      await pendingEnrollment(person.id, fixture);
      expect((await join(person, fixture.cohorts[1].id).expect(409)).body.errorCode).to.equal('TRAINING_ALREADY_ENROLLED');
    });

    it('answers 404 TRAINING_COHORT_NOT_FOUND for an unknown cohort or one of an unpublished training', async () => {
      const draft = await createTraining({ published: false, cohorts: [FULL] });
      const person = await customer();
      expect((await join(person, 999_999_999).expect(404)).body.errorCode).to.equal('TRAINING_COHORT_NOT_FOUND');
      expect((await join(person, draft.cohorts[0].id).expect(404)).body.errorCode).to.equal('TRAINING_COHORT_NOT_FOUND');
    });
  });

  describe('DELETE (leave)', () => {
    it('cancels a waiting entry, and a repeated leave answers the same (idempotent)', async () => {
      const { cohorts } = await fullCohort();
      const [person, next] = [await customer(), await customer()];
      const joined = await join(person, cohorts[0].id).expect(201);
      await join(next, cohorts[0].id).expect(201);
      const res = await leave(person, cohorts[0].id).expect(200);
      expect(res.body.data).to.include({ id: joined.body.data.id, status: 'cancelled', position: null });
      const row = await TrainingWaitlistEntryModel.findByPk(joined.body.data.id);
      expect(row?.status).to.equal('cancelled');
      expect(row?.cancelledAt).to.be.instanceOf(Date);
      expect((await leave(person, cohorts[0].id, '/api/training').expect(200)).body.data).to.deep.equal(res.body.data);
      // The one behind moves up.
      expect((await join(next, cohorts[0].id).expect(200)).body.data.position).to.equal(1);
      // Joining again after leaving queues the caller at the back.
      expect((await join(person, cohorts[0].id).expect(201)).body.data).to.include({ status: 'waiting', position: 2 });
    });

    it('cancels an unused promoted hold and gives its extra seat back: the cohort stays full at capacity', async () => {
      const { cohorts } = await fullCohort();
      const person = await customer();
      const hold = await createWaitlistHold(api.app.container, cohorts[0], person.id);
      expect(cohorts[0]).to.include({ seatsTaken: 3, extraSeats: 1, status: 'full' });
      const res = await leave(person, cohorts[0].id).expect(200);
      expect(res.body.data).to.include({ id: hold.id, status: 'cancelled' });
      await cohorts[0].reload();
      expect(cohorts[0]).to.include({ seatsTaken: 2, extraSeats: 0, status: 'full' });
      await leave(person, cohorts[0].id).expect(200);
      expect((await TrainingCohortModel.findByPk(cohorts[0].id))?.seatsTaken).to.equal(2);
    });

    it('cancels a hold taken within capacity and frees its seat: the cohort opens again', async () => {
      const { cohorts } = await createTraining({ cohorts: [{ capacity: 2, seatsTaken: 1 }] });
      const person = await customer();
      await createWaitlistHold(api.app.container, cohorts[0], person.id);
      expect(cohorts[0]).to.include({ seatsTaken: 2, extraSeats: 0, status: 'full' });
      await leave(person, cohorts[0].id).expect(200);
      await cohorts[0].reload();
      expect(cohorts[0]).to.include({ seatsTaken: 1, extraSeats: 0, status: 'open' });
    });

    it('leaves a hold an enrollment used untouched, seat included', async () => {
      const fixture = await fullCohort();
      const person = await customer();
      const enrollment = await pendingEnrollment(person.id, fixture);
      const hold = await createWaitlistHold(api.app.container, fixture.cohorts[0], person.id, { enrollmentId: enrollment.id });
      const res = await leave(person, fixture.cohorts[0].id).expect(200);
      expect(res.body.data).to.include({ id: hold.id, status: 'promoted' });
      expect((await TrainingWaitlistEntryModel.findByPk(hold.id))?.status).to.equal('promoted');
      expect((await TrainingCohortModel.findByPk(fixture.cohorts[0].id))?.seatsTaken).to.equal(3);
    });

    it('answers 200 with null when the caller never joined, and 404 for an unknown cohort', async () => {
      const { cohorts } = await fullCohort();
      const person = await customer();
      expect((await leave(person, cohorts[0].id).expect(200)).body.data).to.equal(null);
      expect((await leave(person, 999_999_999).expect(404)).body.errorCode).to.equal('TRAINING_COHORT_NOT_FOUND');
    });

    it("never touches another customer's entry", async () => {
      const { cohorts } = await fullCohort();
      const [owner, other] = [await customer(), await customer()];
      const joined = await join(owner, cohorts[0].id).expect(201);
      expect((await leave(other, cohorts[0].id).expect(200)).body.data).to.equal(null);
      expect((await TrainingWaitlistEntryModel.findByPk(joined.body.data.id))?.status).to.equal('waiting');
    });
  });

  describe('GET (own entry)', () => {
    it("answers the caller's entry with its place, null before joining, 404 for an unknown cohort", async () => {
      const { cohorts } = await fullCohort();
      const [first, second] = [await customer(), await customer()];
      const get = (person: TestCustomer, cohortId: number) => api.http.get(path(cohortId, '/api/trainings')).set('Authorization', as(person));
      expect((await get(second, cohorts[0].id).expect(200)).body.data).to.equal(null);
      await join(first, cohorts[0].id).expect(201);
      await join(second, cohorts[0].id).expect(201);
      expect((await get(second, cohorts[0].id).expect(200)).body.data).to.include({ status: 'waiting', position: 2 });
      expect((await get(second, 999_999_999).expect(404)).body.errorCode).to.equal('TRAINING_COHORT_NOT_FOUND');
    });
  });

  describe('authentication', () => {
    for (const method of ['post', 'delete', 'get'] as const) {
      it(`${method.toUpperCase()} answers 401 without a token and 403 to an admin token`, async () => {
        expect((await api.http[method](path(1)).send().expect(401)).body.errorCode).to.equal('UNAUTHORIZED');
        const admin = `Bearer ${adminToken(api.app.container, ['*'])}`;
        expect((await api.http[method](path(1)).set('Authorization', admin).send().expect(403)).body.errorCode).to.equal('FORBIDDEN');
      });
    }

    it('documents the three routes under each prefix', async () => {
      const res = await api.http.get('/openapi.json').expect(200);
      for (const prefix of PREFIXES) {
        const operations = res.body.paths[`${prefix}/cohorts/{cohortId}/waitlist`];
        for (const method of ['post', 'delete', 'get']) expect(operations?.[method]?.description, `${method} ${prefix}`).to.be.a('string').and.not.equal('');
      }
    });
  });
});
