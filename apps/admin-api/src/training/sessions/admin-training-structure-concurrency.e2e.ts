import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { TrainingCohortModel, TrainingSessionModel } from '@platform/db';
import { adminToken, buildTestApp, createTraining, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const ROUNDS = 5;

/**
 * Concurrent writes on one training's structure: each answer is a 2xx or a 4xx (never a 500 from a
 * deadlock or a constraint), and the rows stay consistent. The training row lock serialises the
 * session writes; the cohort row lock (and the conditional UPDATE's own row lock) the seats.
 */
describe('Admin training structure under concurrent writes (admin-api)', () => {
  let api: TestApp;
  let admin: string;

  const base = (trainingId: number) => `/api/admin/training/${trainingId}`;
  const statusOf = (res: { status: number; body: unknown }) => {
    expect(res.status, JSON.stringify(res.body)).to.be.within(200, 499);
    return res.status;
  };

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['*'])}`;
  });

  it('reorder, create and delete of sessions at once keep positions 0..n-1 without a gap', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { training, sessions } = await createTraining({ sessions: [{}, {}, {}] });
      const [a, b, c] = sessions.map((s) => s.id);
      const [reorder, create, remove] = await Promise.all([
        api.http.put(`${base(training.id)}/sessions/reorder`).set('Authorization', admin).send({ sessionIds: [c, a, b] }),
        api.http.post(`${base(training.id)}/sessions`).set('Authorization', admin).send({ title: 'New', type: 'live', durationMinutes: 30 }),
        api.http.delete(`${base(training.id)}/sessions/${a}`).set('Authorization', admin),
      ]);
      expect(statusOf(create)).to.equal(201);
      expect(statusOf(remove)).to.equal(200);
      // Run before both others it succeeds; after either it names a missing or deleted session.
      if (statusOf(reorder) === 400) expect(reorder.body.errorCode).to.be.oneOf(['VALIDATION_ERROR', 'TRAINING_SESSION_MISMATCH']);
      const rows = await TrainingSessionModel.findAll({ where: { trainingId: training.id }, order: [['position', 'ASC']] });
      expect(rows.map((s) => s.position)).to.deep.equal([0, 1, 2]);
      expect(rows.map((s) => s.id)).to.not.include(a);
    }
  });

  it('two capacity edits and a conditional seat take on one cohort at once keep seatsTaken within capacity', async () => {
    const { db } = api.infra;
    for (let round = 0; round < ROUNDS; round++) {
      const { training, cohorts } = await createTraining({ cohorts: [{ capacity: 5, seatsTaken: 4 }] });
      const path = `${base(training.id)}/cohorts/${cohorts[0].id}`;
      const [down, up, [, taken]] = await Promise.all([
        api.http.patch(path).set('Authorization', admin).send({ capacity: 4 }),
        api.http.patch(path).set('Authorization', admin).send({ capacity: 6 }),
        db.sequelize.query('UPDATE training_cohorts SET seats_taken = seats_taken + 1 WHERE id = $1 AND seats_taken < capacity', {
          bind: [cohorts[0].id],
          type: QueryTypes.UPDATE,
        }),
      ]);
      expect(statusOf(up)).to.equal(200);
      if (statusOf(down) === 409) expect(down.body.errorCode).to.equal('TRAINING_COHORT_CAPACITY_BELOW_SEATS');
      const cohort = await TrainingCohortModel.findByPk(cohorts[0].id);
      expect(cohort?.seatsTaken).to.equal(4 + taken);
      expect(cohort?.seatsTaken).to.be.at.most(cohort?.capacity ?? 0);
    }
  });
});
