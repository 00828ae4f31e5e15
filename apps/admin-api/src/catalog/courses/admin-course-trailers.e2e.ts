import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { CourseModel } from '@platform/db';
import { adminToken, buildTestApp, createCourse, mp4Bytes, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/** learning-commerce.md, "Course trailers": upload, replace and clear, with the local driver. */
describe('Admin course trailers (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, ['COURSES_UPDATE', 'COURSES_READ'])}`;
  });

  const localPath = (key: string) => join(api.infra.config.storage.localRoot, key);
  const isStored = (key: string) => stat(localPath(key)).then((info) => info.isFile(), () => false);
  const uploadTrailer = (courseId: number, body = mp4Bytes(), filename = 'trailer.mp4', contentType = 'video/mp4') =>
    api.http.post(`/api/admin/courses/${courseId}/trailer`).set('Authorization', auth).attach('file', body, { filename, contentType });
  const clearTrailer = (courseId: number) => api.http.delete(`/api/admin/courses/${courseId}/trailer`).set('Authorization', auth);
  const trailerRefOf = async (courseId: number) => (await CourseModel.findByPk(courseId))?.trailerRef;

  it('uploads a trailer under public/trailer/ and answers { id, title, trailerRef, trailerUrl }', async () => {
    const { course, product } = await createCourse();
    const res = await uploadTrailer(course.id).expect(200);
    expect(res.body.message).to.equal('course trailer uploaded successfully');
    const { trailerRef } = res.body.data;
    expect(trailerRef).to.match(/^public\/trailer\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.mp4$/);
    expect(res.body.data).to.deep.equal({ id: course.id, title: product.title, trailerRef, trailerUrl: `/${trailerRef}` });
    expect(await isStored(trailerRef)).to.equal(true);
    const read = await api.http.get(`/api/admin/courses/${course.id}`).set('Authorization', auth).expect(200);
    expect(read.body.data).to.include({ trailerRef, trailerUrl: `/${trailerRef}` });
  });

  it('replaces a managed trailer and deletes the old object from storage', async () => {
    const { course } = await createCourse();
    const first = (await uploadTrailer(course.id).expect(200)).body.data.trailerRef;
    const second = (await uploadTrailer(course.id).expect(200)).body.data.trailerRef;
    expect(second).to.not.equal(first);
    expect(await trailerRefOf(course.id)).to.equal(second);
    expect(await isStored(first)).to.equal(false);
    expect(await isStored(second)).to.equal(true);
  });

  for (const legacyRef of ['public/legacy-trailers/intro.mp4', 'videos/trailers/intro.mp4']) {
    it(`replaces a legacy ref (${legacyRef}) without deleting the legacy object`, async () => {
      await mkdir(dirname(localPath(legacyRef)), { recursive: true });
      await writeFile(localPath(legacyRef), mp4Bytes());
      const { course } = await createCourse({ trailerRef: legacyRef });
      const res = await uploadTrailer(course.id).expect(200);
      expect(res.body.data.trailerRef).to.match(/^public\/trailer\//);
      expect(await isStored(legacyRef)).to.equal(true);
    });
  }

  it('replaces a legacy URL ref', async () => {
    const { course } = await createCourse({ trailerRef: 'https://videos.example.com/old-trailer.mp4' });
    await uploadTrailer(course.id).expect(200);
    expect(await trailerRefOf(course.id)).to.match(/^public\/trailer\//);
  });

  it('clears a trailer: trailerRef null first, then the managed object is deleted', async () => {
    const { course } = await createCourse();
    const ref = (await uploadTrailer(course.id).expect(200)).body.data.trailerRef;
    const res = await clearTrailer(course.id).expect(200);
    expect(res.body).to.deep.equal({ message: 'course trailer cleared successfully', data: { id: course.id, trailerRef: null, trailerUrl: null } });
    expect(await trailerRefOf(course.id)).to.equal(null);
    expect(await isStored(ref)).to.equal(false);
  });

  it('clears a legacy ref without deleting its object, and clears a course without a trailer', async () => {
    const legacyRef = 'public/legacy-trailers/keep.mp4';
    await mkdir(dirname(localPath(legacyRef)), { recursive: true });
    await writeFile(localPath(legacyRef), mp4Bytes());
    const { course } = await createCourse({ trailerRef: legacyRef });
    await clearTrailer(course.id).expect(200);
    expect(await trailerRefOf(course.id)).to.equal(null);
    expect(await isStored(legacyRef)).to.equal(true);
    await clearTrailer(course.id).expect(200);
  });

  for (const [rule, filename, contentType, body] of [
    ['a MIME type other than video/mp4', 'trailer.mp4', 'video/quicktime', mp4Bytes()],
    ['an extension other than .mp4', 'trailer.mov', 'video/mp4', mp4Bytes()],
    ['the .m4v extension', 'trailer.m4v', 'video/mp4', mp4Bytes()],
    ['content that is not MP4 (a PNG named .mp4)', 'trailer.mp4', 'video/mp4', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
  ] as const) {
    it(`refuses ${rule} with 415 UNSUPPORTED_MEDIA_TYPE, leaving the course on its trailer`, async () => {
      const { course } = await createCourse({ trailerRef: 'public/trailer/2024/01/existing.mp4' });
      const res = await uploadTrailer(course.id, body, filename, contentType).expect(415);
      expect(res.body.errorCode).to.equal('UNSUPPORTED_MEDIA_TYPE');
      expect(await trailerRefOf(course.id)).to.equal('public/trailer/2024/01/existing.mp4');
    });
  }

  it('refuses a request without a file with 400', async () => {
    const { course } = await createCourse();
    const res = await api.http.post(`/api/admin/courses/${course.id}/trailer`).set('Authorization', auth).field('x', 'y').expect(400);
    expect(res.body).to.deep.equal({ message: 'No file uploaded: send it in the multipart field "file"', errorCode: 'VALIDATION_ERROR' });
  });

  it('answers 404 NOT_FOUND for an unknown course, on upload and clear', async () => {
    expect((await uploadTrailer(999_999_999).expect(404)).body.errorCode).to.equal('NOT_FOUND');
    expect((await clearTrailer(999_999_999).expect(404)).body.errorCode).to.equal('NOT_FOUND');
  });

  it('needs COURSES_UPDATE: 401 without a token, 403 for a reader or a customer token', async () => {
    const { course } = await createCourse();
    await api.http.post(`/api/admin/courses/${course.id}/trailer`).attach('file', mp4Bytes(), 'trailer.mp4').expect(401);
    await api.http.delete(`/api/admin/courses/${course.id}/trailer`).expect(401);
    const reader = `Bearer ${adminToken(api.app.container, ['COURSES_READ'])}`;
    const res = await api.http
      .post(`/api/admin/courses/${course.id}/trailer`)
      .set('Authorization', reader)
      .attach('file', mp4Bytes(), { filename: 'trailer.mp4', contentType: 'video/mp4' })
      .expect(403);
    expect(res.body.errorCode).to.equal('FORBIDDEN');
    await api.http.delete(`/api/admin/courses/${course.id}/trailer`).set('Authorization', reader).expect(403);
  });
});
