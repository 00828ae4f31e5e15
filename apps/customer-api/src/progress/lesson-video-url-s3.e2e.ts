import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createCourse,
  createCustomer,
  grantAccess,
  isolatedInfrastructure,
  s3StorageEnv,
  startS3Server,
  TestApp,
  TestS3Server,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/**
 * GET /api/courses/:courseId/lessons/:lessonId with the S3 driver: a lesson video is a private
 * key (uploads/video/...), so its URL is signed and expires (SIGNED_URL_EXPIRES_SECONDS).
 */
describe('Lesson video URL, S3 driver (customer-api)', () => {
  let s3: TestS3Server;
  let infra: Infrastructure;
  let api: TestApp;

  before(async () => {
    s3 = await startS3Server();
    infra = await isolatedInfrastructure('lesson-video-s3', s3StorageEnv(s3, { SIGNED_URL_EXPIRES_SECONDS: '600' }));
    api = await buildTestApp(createCustomerApi, infra);
  });

  after(async () => {
    await closeTestInfrastructure(infra);
    await s3.stop();
  });

  it('gives the video a signed URL that expires after SIGNED_URL_EXPIRES_SECONDS', async () => {
    const course = await createCourse();
    const customer = await createCustomer(api.app.container);
    await grantAccess(customer.id, course.product.id);
    const lesson = course.topics[0].lessons[0];
    const before = Date.now();
    const res = await api.http
      .get(`/api/mobile/courses/${course.course.id}/lessons/${lesson.id}`)
      .set('Authorization', `Bearer ${customer.accessToken}`)
      .expect(200);
    const { videoKey, videoUrl, videoUrlExpiresAt } = res.body.data;
    expect(videoKey).to.equal(lesson.videoKey);
    expect(videoUrl.startsWith(`${s3.endpoint}/${s3.bucket}/${lesson.videoKey}?`)).to.equal(true);
    expect(new URL(videoUrl).searchParams.get('X-Amz-Signature')).to.be.a('string');
    expect(new URL(videoUrl).searchParams.get('X-Amz-Expires')).to.equal('600');
    expect(Date.parse(videoUrlExpiresAt)).to.be.within(before - 1_000 + 600_000, Date.now() + 600_000);
  });
});
