import { expect } from 'chai';
import { CourseModel } from '@platform/db';
import type { Infrastructure } from '@platform/runtime';
import { adminToken, buildTestApp, closeTestInfrastructure, createCourse, isolatedInfrastructure, mp4Bytes, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/** The trailer size limit is COURSE_TRAILER_MAX_FILE_SIZE_MB, read per app instance: 413 over it. */
describe('Admin course trailer size limit (admin-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;

  before(async () => {
    infra = await isolatedInfrastructure('admin-trailer-limit', { COURSE_TRAILER_MAX_FILE_SIZE_MB: '1', UPLOAD_MAX_FILE_SIZE_MB: '50' });
    api = await buildTestApp(createAdminApi, infra);
  });

  after(() => closeTestInfrastructure(infra));

  it('takes a trailer of exactly the limit and refuses a larger one with 413, the course unchanged', async () => {
    const auth = `Bearer ${adminToken(api.app.container, ['COURSES_UPDATE'])}`;
    const { course } = await createCourse();
    const upload = (bytes: number) =>
      api.http
        .post(`/api/admin/courses/${course.id}/trailer`)
        .set('Authorization', auth)
        .attach('file', mp4Bytes(bytes), { filename: 'trailer.mp4', contentType: 'video/mp4' });
    const accepted = (await upload(1024 * 1024).expect(200)).body.data.trailerRef;
    const res = await upload(2 * 1024 * 1024).expect(413);
    expect(res.body).to.deep.equal({ message: 'File too large', errorCode: 'PAYLOAD_TOO_LARGE' });
    expect((await CourseModel.findByPk(course.id))?.trailerRef).to.equal(accepted);
  });
});
