import { expect } from 'chai';
import { CourseModel } from '@platform/db';
import type { Infrastructure } from '@platform/runtime';
import { Storage } from '@platform/storage';
import {
  adminToken,
  buildTestApp,
  closeTestInfrastructure,
  createCourse,
  isolatedInfrastructure,
  mp4Bytes,
  s3StorageEnv,
  startS3Server,
  TestApp,
  TestS3Server,
} from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/** Course trailers on S3 (s3rver): public URLs with no expiry; a storage failure leaves the course as it was. */
describe('Admin course trailers, S3 driver (admin-api)', () => {
  let s3: TestS3Server;
  let infra: Infrastructure;
  let api: TestApp;
  let auth: string;

  before(async () => {
    s3 = await startS3Server();
    infra = await isolatedInfrastructure('admin-trailers-s3', s3StorageEnv(s3));
    api = await buildTestApp(createAdminApi, infra);
    auth = `Bearer ${adminToken(api.app.container, ['COURSES_UPDATE', 'COURSES_READ'])}`;
  });

  after(async () => {
    await closeTestInfrastructure(infra);
    await s3.stop();
  });

  const uploadTrailer = (courseId: number) =>
    api.http
      .post(`/api/admin/courses/${courseId}/trailer`)
      .set('Authorization', auth)
      .attach('file', mp4Bytes(), { filename: 'trailer.mp4', contentType: 'video/mp4' });
  const exists = (key: string) => api.app.container.get(Storage).exists(key);

  it('uploads a trailer with a direct public URL that serves it, then replaces it and deletes the old object', async () => {
    const { course } = await createCourse();
    const first = (await uploadTrailer(course.id).expect(200)).body.data;
    expect(first.trailerUrl).to.equal(`${s3.endpoint}/${s3.bucket}/${first.trailerRef}`);
    const fetched = await fetch(first.trailerUrl);
    expect(fetched.status).to.equal(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(mp4Bytes())).to.equal(true);

    const second = (await uploadTrailer(course.id).expect(200)).body.data;
    expect(await exists(second.trailerRef)).to.equal(true);
    expect(await exists(first.trailerRef)).to.equal(false);
  });

  it('clears a trailer and deletes its object', async () => {
    const { course } = await createCourse();
    const { trailerRef } = (await uploadTrailer(course.id).expect(200)).body.data;
    await api.http.delete(`/api/admin/courses/${course.id}/trailer`).set('Authorization', auth).expect(200);
    expect(await exists(trailerRef)).to.equal(false);
  });

  describe('with the S3 server stopped', () => {
    let course: CourseModel;
    let trailerRef: string;

    before(async () => {
      ({ course } = await createCourse());
      trailerRef = (await uploadTrailer(course.id).expect(200)).body.data.trailerRef;
      await s3.stop();
    });

    it('answers 502 STORAGE_ERROR and keeps the course on its old trailer', async () => {
      const res = await uploadTrailer(course.id).expect(502);
      expect(res.body.errorCode).to.equal('STORAGE_ERROR');
      expect((await CourseModel.findByPk(course.id))?.trailerRef).to.equal(trailerRef);
    });

    it('still clears the trailer (the object is left behind, deletion being best effort)', async () => {
      await api.http.delete(`/api/admin/courses/${course.id}/trailer`).set('Authorization', auth).expect(200);
      expect((await CourseModel.findByPk(course.id))?.trailerRef).to.equal(null);
    });
  });
});
