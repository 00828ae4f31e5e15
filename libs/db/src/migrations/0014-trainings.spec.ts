import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { createCourse, createCustomer, createOrder, createTrainingProduct, TEST_ENV, testContainer } from '@platform/testing';
import { Database } from '../database';
import { dropDatabase, ensureDatabase } from '../ensure-database';
import {
  ProductModel,
  TrainingCohortModel,
  TrainingCohortSessionModel,
  TrainingEnrollmentFormConfigModel,
  TrainingEnrollmentModel,
  TrainingModel,
  TrainingSessionModel,
  TrainingWaitlistEntryModel,
} from '../models';
import { MIGRATIONS } from './index';
import trainings from './0014-trainings';
import { refused } from './constraint-refusal.test-helper';

/** Trainings, sessions, cohorts, schedule, form config, waitlist and enrollments: what the database refuses. */
describe('0014-trainings constraints', () => {
  before(() => testContainer('trainings-schema-spec'));
  const db = async () => (await testContainer('trainings-schema-spec')).get(Database);
  const customer = async () => (await createCustomer(await testContainer('trainings-schema-spec'))).id;
  const training = async (overrides: Record<string, unknown> = {}) => {
    const product = await createTrainingProduct();
    return TrainingModel.create({ productId: product.id, accessType: 'lifetime', ...overrides });
  };
  const session = (trainingId: number, position: number, overrides: Record<string, unknown> = {}) =>
    TrainingSessionModel.create({ trainingId, title: `Session ${position}`, type: 'recorded', position, durationMinutes: 60, ...overrides });
  const cohort = (trainingId: number, overrides: Record<string, unknown> = {}) =>
    TrainingCohortModel.create({ trainingId, name: 'Batch', capacity: 2, ...overrides });
  /** A training with one session and one cohort, and a pending enrollment row for `userId` (not written). */
  const setup = async () => {
    const t = await training();
    const [s, c, userId] = [await session(t.id, 0), await cohort(t.id), await customer()];
    const enrollment = (overrides: Record<string, unknown> = {}) =>
      TrainingEnrollmentModel.create({ userId, productId: t.productId, trainingId: t.id, cohortId: c.id, sessionId: s.id, ...overrides });
    return { t, s, c, userId, enrollment };
  };

  it('owns exactly one product, of type training', async () => {
    const t = await training();
    const { product: course } = await createCourse();
    await refused(() => TrainingModel.create({ productId: course.id, accessType: 'lifetime' }), /trainings_product_fk/);
    await refused(() => TrainingModel.create({ productId: t.productId, accessType: 'lifetime' }), /trainings_product_id_key/);
    await refused(() => training({ status: 'deleted' }), /trainings_status_check/);
  });

  it('needs access_duration_days (>= 1) exactly when time_limited', async () => {
    await training({ accessType: 'time_limited', accessDurationDays: 30 });
    await refused(() => training({ accessType: 'time_limited' }), /trainings_access_duration/);
    await refused(() => training({ accessType: 'time_limited', accessDurationDays: 0 }), /trainings_access_duration/);
    await refused(() => training({ accessDurationDays: 30 }), /trainings_access_duration/);
    await refused(() => training({ accessType: 'forever' }), /trainings_access_(type_check|duration)/);
  });

  it('keeps search_vector on the product title and the description', async () => {
    const t = await training({ description: 'candlestick patterns' });
    const match = async (query: string) =>
      (await (await db()).sequelize.query<{ id: number }>(`SELECT id FROM trainings WHERE search_vector @@ websearch_to_tsquery('simple', :query)`, {
        replacements: { query },
        type: QueryTypes.SELECT,
      })).some((row) => row.id === t.id);
    expect(await match('candlestick')).to.equal(true);
    await ProductModel.update({ title: 'Zebra technical analysis' }, { where: { id: t.productId } });
    await t.update({ description: 'moving averages' });
    expect([await match('zebra'), await match('averages'), await match('candlestick')]).to.deep.equal([true, true, false]);
  });

  it('keeps sessions in unique positions, reorderable in one statement or one deferred transaction', async () => {
    const t = await training();
    const [a, b] = [await session(t.id, 0), await session(t.id, 1)];
    await refused(() => session(t.id, 1), /training_sessions_position_key/);
    const sequelize = (await db()).sequelize;
    await sequelize.query(`UPDATE training_sessions SET position = 1 - position WHERE training_id = :id`, { replacements: { id: t.id } });
    await sequelize.transaction(async (transaction) => {
      await sequelize.query('SET CONSTRAINTS training_sessions_position_key DEFERRED', { transaction });
      await TrainingSessionModel.update({ position: 0 }, { where: { id: a.id }, transaction });
      await TrainingSessionModel.update({ position: 1 }, { where: { id: b.id }, transaction });
    });
    expect((await TrainingSessionModel.findAll({ where: { trainingId: t.id }, order: [['position', 'ASC']] })).map((s) => s.id)).to.deep.equal([a.id, b.id]);
    await refused(() => session(t.id, -1), /training_sessions_position_check/);
    await refused(() => session(t.id, 2, { type: 'hybrid' }), /training_sessions_type_check/);
    await refused(() => session(t.id, 2, { status: 'done' }), /training_sessions_status_check/);
  });

  it('takes a recording key under uploads/video/ or none', async () => {
    const t = await training();
    await session(t.id, 0, { recordingKey: 'uploads/video/abc/index.m3u8' });
    await session(t.id, 1, { recordingKey: null });
    for (const recordingKey of ['public/trailer/x.mp4', 'uploads/file/x.m3u8', 'uploads/video/', 'uploads/video/../secret', '/uploads/video/x']) {
      await refused(() => session(t.id, 2, { recordingKey }), /training_sessions_recording_key_prefix/);
    }
  });

  it('keeps a cohort’s seats within a capacity of at least 1, and its window in order', async () => {
    const t = await training();
    const c = await cohort(t.id, { seatsTaken: 2, startsAt: new Date('2027-01-01'), endsAt: new Date('2027-01-01') });
    await refused(() => cohort(t.id, { capacity: 0 }), /training_cohorts_capacity_positive/);
    await refused(() => c.update({ seatsTaken: 3 }), /training_cohorts_seats_within_capacity/);
    await refused(() => c.update({ seatsTaken: -1 }), /training_cohorts_seats_within_capacity/);
    await refused(() => c.update({ capacity: 1 }), /training_cohorts_seats_within_capacity/);
    await refused(() => cohort(t.id, { startsAt: new Date('2027-02-01'), endsAt: new Date('2027-01-01') }), /training_cohorts_window/);
    await refused(() => cohort(t.id, { status: 'waiting' }), /training_cohorts_status_check/);
  });

  it('schedules only sessions of the cohort’s own training, once per cohort', async () => {
    const [t, other] = [await training(), await training()];
    const [c, s, foreign] = [await cohort(t.id), await session(t.id, 0), await session(other.id, 0)];
    await TrainingCohortSessionModel.create({ trainingId: t.id, cohortId: c.id, sessionId: s.id, scheduledAt: new Date() });
    await refused(() => TrainingCohortSessionModel.create({ trainingId: t.id, cohortId: c.id, sessionId: s.id }), /training_cohort_sessions_cohort_session_key/);
    await refused(() => TrainingCohortSessionModel.create({ trainingId: t.id, cohortId: c.id, sessionId: foreign.id }), /training_cohort_sessions_session_fk/);
    await refused(() => TrainingCohortSessionModel.create({ trainingId: other.id, cohortId: c.id, sessionId: foreign.id }), /training_cohort_sessions_cohort_fk/);
  });

  it('holds one form config per training, whose fields are an array of well-formed fields', async () => {
    const t = await training();
    const field = { key: 'phone', label: 'Phone', type: 'phone', required: true };
    await TrainingEnrollmentFormConfigModel.create({ trainingId: t.id, fields: [field, { key: 'level', label: 'Level', type: 'select', required: false, options: ['a'] }] });
    await refused(() => TrainingEnrollmentFormConfigModel.create({ trainingId: t.id, fields: [] }), /training_enrollment_form_configs_training_key/);
    const other = await training();
    await refused(() => TrainingEnrollmentFormConfigModel.create({ trainingId: other.id, fields: { phone: field } }), /training_enrollment_form_configs_fields_array/);
    for (const bad of [{ ...field, type: 'date' }, { ...field, required: 'yes' }, { label: 'x', type: 'text', required: true }, { ...field, type: ['phone'] }, [field], 'phone']) {
      await refused(() => TrainingEnrollmentFormConfigModel.create({ trainingId: other.id, fields: [bad] }), /training_enrollment_form_configs_field_shape/);
    }
  });

  it('holds one waiting entry per (cohort, user), each status with its timestamp', async () => {
    const { c, userId } = await setup();
    const first = await TrainingWaitlistEntryModel.create({ cohortId: c.id, userId });
    await refused(() => TrainingWaitlistEntryModel.create({ cohortId: c.id, userId }), /training_waitlist_one_waiting_key/);
    await refused(() => first.update({ status: 'promoted' }), /training_waitlist_status_times/);
    await refused(() => first.update({ status: 'status' }), /training_waitlist_status_check/);
    await first.update({ status: 'cancelled', cancelledAt: new Date() });
    await TrainingWaitlistEntryModel.create({ cohortId: c.id, userId });
  });

  it('keeps an enrollment’s product, cohort and session inside its training', async () => {
    const { t, userId, enrollment } = await setup();
    const other = await training();
    const [foreignCohort, foreignSession] = [await cohort(other.id), await session(other.id, 0)];
    await refused(() => enrollment({ productId: other.productId }), /training_enrollments_training_fk/);
    await refused(() => enrollment({ cohortId: foreignCohort.id }), /training_enrollments_cohort_fk/);
    await refused(() => enrollment({ sessionId: foreignSession.id }), /training_enrollments_session_fk/);
    await refused(() => enrollment({ status: 'active' }), /training_enrollments_status_check/);
    await refused(() => enrollment({ formData: ['x'] }), /training_enrollments_form_data_check/);
    const order = await createOrder(userId, [await ProductModel.findByPk(t.productId, { rejectOnEmpty: true })]);
    await enrollment({ orderId: order.id, sessionId: null, formData: { phone: '98' } });
    await refused(() => enrollment({ orderId: order.id, status: 'cancelled', cancelledAt: new Date() }), /training_enrollments_order_key/);
  });

  it('sets access with enrolment, and holds at most one active enrollment per (user, product)', async () => {
    const { enrollment } = await setup();
    const enrolled = { status: 'enrolled', enrolledAt: new Date(), accessType: 'lifetime' };
    await refused(() => enrollment({ status: 'enrolled' }), /training_enrollments_(enrolled_has_access|access_shape)/);
    await refused(() => enrollment({ ...enrolled, accessType: 'time_limited' }), /training_enrollments_access_shape/);
    await refused(() => enrollment({ ...enrolled, accessValidUntil: new Date() }), /training_enrollments_access_shape/);
    await refused(() => enrollment({ enrolledAt: new Date(), accessType: 'lifetime' }), /training_enrollments_pending_has_no_access/);
    await refused(() => enrollment({ status: 'cancelled' }), /training_enrollments_cancelled_has_time/);
    const first = await enrollment(enrolled);
    await refused(() => enrollment(enrolled), /training_enrollments_one_(enrolled|active)_key/);
    await refused(() => enrollment(), /training_enrollments_one_active_key/);
    await first.update({ status: 'cancelled', cancelledAt: new Date() });
    const pending = await enrollment();
    await pending.update({ ...enrolled, accessType: 'time_limited', accessValidUntil: new Date(Date.now() + 86_400_000) });
  });

  it('restricts deleting what an enrollment references; cascades a training without enrollments', async () => {
    const { t, s, c, enrollment } = await setup();
    await enrollment();
    await refused(() => t.destroy(), /training_enrollments_training_fk|training_enrollments_cohort_fk|training_enrollments_session_fk/);
    await refused(() => c.destroy(), /training_enrollments_cohort_fk/);
    await refused(() => s.destroy(), /training_enrollments_session_fk/);
    const bare = await training();
    const [bs, bc] = [await session(bare.id, 0), await cohort(bare.id)];
    await TrainingCohortSessionModel.create({ trainingId: bare.id, cohortId: bc.id, sessionId: bs.id });
    await TrainingEnrollmentFormConfigModel.create({ trainingId: bare.id, fields: [] });
    await TrainingWaitlistEntryModel.create({ cohortId: bc.id, userId: await customer() });
    await bare.destroy();
    expect(await TrainingSessionModel.count({ where: { trainingId: bare.id } })).to.equal(0);
    expect(await TrainingWaitlistEntryModel.count({ where: { cohortId: bc.id } })).to.equal(0);
  });

  it('goes down and up again', async function () {
    this.timeout(60_000);
    const url = new URL(TEST_ENV['DATABASE_URL']);
    url.pathname = `${url.pathname}_m14`;
    await ensureDatabase(url.toString());
    const scratch = new Database({ url: url.toString(), pool: { max: 1, min: 0, idleMs: 1_000, acquireMs: 10_000 }, statementTimeoutMs: 0 }, []);
    const context = { sequelize: scratch.sequelize, queryInterface: scratch.sequelize.getQueryInterface() };
    const tables = async () =>
      (await scratch.sequelize.query<{ n: string }>(`SELECT count(*) AS n FROM pg_tables WHERE tablename LIKE 'training%'`, { type: QueryTypes.SELECT }))[0]?.n;
    try {
      for (const migration of MIGRATIONS.slice(0, MIGRATIONS.indexOf(trainings) + 1)) await migration.up(context);
      expect(await tables()).to.equal('7');
      await trainings.down(context);
      expect(await tables()).to.equal('0');
      await trainings.up(context);
      expect(await tables()).to.equal('7');
    } finally {
      await scratch.close();
      await dropDatabase(url.toString());
    }
  });
});
