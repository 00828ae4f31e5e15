import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { RefreshTokenModel, UserModel } from '@platform/db';
import { RefreshTokenService } from '@platform/domain';
import { buildTestApp, eventually, TEST_ENV, TestApp } from '@platform/testing';
import { createJobsApp, startJobWorkers } from './jobs-app';

describe('jobs app', () => {
  let jobs: TestApp;

  before(async () => {
    jobs = await buildTestApp(createJobsApp);
  });

  describe('queue dashboard', () => {
    it('refuses a request without the dashboard token', async () => {
      const res = await jobs.http.get('/admin/queues').expect(401);
      expect(res.headers['www-authenticate']).to.include('Basic');
      expect(res.body.errorCode).to.equal('UNAUTHORIZED');
    });

    it('refuses a wrong token', async () => {
      await jobs.http.get('/admin/queues').set('Authorization', 'Bearer wrong-token-of-some-length').expect(401);
    });

    it('opens with the token as a bearer token or as the Basic password', async () => {
      const token = TEST_ENV['JOBS_DASHBOARD_TOKEN'];
      await jobs.http.get('/admin/queues/api/queues').set('Authorization', `Bearer ${token}`).expect(200);
      await jobs.http.get('/admin/queues/').auth('ops', token).expect(200);
    });
  });

  describe('workers', () => {
    it('run the purge job: expired refresh tokens go, live ones stay', async function () {
      this.timeout(20_000);
      const user = await UserModel.create({ id: uuidv7(), email: `jobs.${uuidv7()}@example.com`, passwordHash: 'x', fullName: 'Jobs' });
      const live = await jobs.app.container.get(RefreshTokenService).issue({ kind: 'customer', id: user.id });
      const stale = await jobs.app.container.get(RefreshTokenService).issue({ kind: 'customer', id: user.id });
      await RefreshTokenModel.update({ expiresAt: new Date(Date.now() - 3 * 86_400_000) }, { where: { id: stale.id } });

      await startJobWorkers(jobs.app, jobs.infra);
      const job = await jobs.infra.queues.add('maintenance.purge_expired_refresh_tokens', {});
      await eventually(async () => (await job.getState()) === 'completed', 15_000);

      expect(await RefreshTokenModel.findByPk(stale.id)).to.equal(null);
      expect(await RefreshTokenModel.findByPk(live.id)).not.to.equal(null);
    });
  });
});
