import { expect } from 'chai';
import { TrainingModel } from '@platform/db';
import type { Infrastructure } from '@platform/runtime';
import { adminToken, buildTestApp, closeTestInfrastructure, createTraining, isolatedInfrastructure, mp4Bytes, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/** learning-commerce.md "Training trailers": the course trailer limit, COURSE_TRAILER_MAX_FILE_SIZE_MB, read per app instance. */
describe('Admin training trailer size limit (admin-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;

  before(async () => {
    infra = await isolatedInfrastructure('admin-training-trailer-limit', { COURSE_TRAILER_MAX_FILE_SIZE_MB: '1', UPLOAD_MAX_FILE_SIZE_MB: '50' });
    api = await buildTestApp(createAdminApi, infra);
  });

  after(() => closeTestInfrastructure(infra));

  it('takes a trailer of exactly the limit and refuses a larger one with 413, the training unchanged', async () => {
    const auth = `Bearer ${adminToken(api.app.container, ['Training_UPDATE'])}`;
    const { training } = await createTraining();
    const upload = (bytes: number) =>
      api.http
        .post(`/api/admin/training/${training.id}/trailer`)
        .set('Authorization', auth)
        .attach('file', mp4Bytes(bytes), { filename: 'trailer.mp4', contentType: 'video/mp4' });
    const accepted = (await upload(1024 * 1024).expect(200)).body.data.trailerRef;
    const res = await upload(2 * 1024 * 1024).expect(413);
    expect(res.body).to.deep.equal({ message: 'File too large', errorCode: 'PAYLOAD_TOO_LARGE' });
    expect((await TrainingModel.findByPk(training.id))?.trailerRef).to.equal(accepted);
  });
});
