import { expect } from 'chai';
import { TrainingModel } from '@platform/db';
import type { Infrastructure } from '@platform/runtime';
import {
  adminToken,
  buildTestApp,
  closeTestInfrastructure,
  createTraining,
  isolatedInfrastructure,
  mp4Bytes,
  s3StorageEnv,
  startS3Server,
  TestApp,
  TestS3Server,
} from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/** Training trailers on S3 (s3rver): the public URL, and a storage failure leaves the training on its old trailer. */
describe('Admin training trailers, S3 driver (admin-api)', () => {
  let s3: TestS3Server;
  let infra: Infrastructure;
  let api: TestApp;
  let auth: string;

  before(async () => {
    s3 = await startS3Server();
    infra = await isolatedInfrastructure('admin-training-trailers-s3', s3StorageEnv(s3));
    api = await buildTestApp(createAdminApi, infra);
    auth = `Bearer ${adminToken(api.app.container, ['Training_UPDATE'])}`;
  });

  after(async () => {
    await closeTestInfrastructure(infra);
    await s3.stop();
  });

  const upload = (id: number) =>
    api.http
      .post(`/api/admin/training/${id}/trailer`)
      .set('Authorization', auth)
      .attach('file', mp4Bytes(), { filename: 'trailer.mp4', contentType: 'video/mp4' });

  describe('with the S3 server stopped', () => {
    let training: TrainingModel;
    let trailerRef: string;

    before(async () => {
      ({ training } = await createTraining());
      const first = (await upload(training.id).expect(200)).body.data;
      expect(first.trailerUrl).to.equal(`${s3.endpoint}/${s3.bucket}/${first.trailerRef}`);
      trailerRef = first.trailerRef;
      await s3.stop();
    });

    it('answers 502 STORAGE_ERROR and keeps the training on its old trailer', async () => {
      expect((await upload(training.id).expect(502)).body.errorCode).to.equal('STORAGE_ERROR');
      expect((await TrainingModel.findByPk(training.id))?.trailerRef).to.equal(trailerRef);
    });
  });
});
