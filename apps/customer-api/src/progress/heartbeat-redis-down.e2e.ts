import { expect } from 'chai';
import { CourseProgressModel, WatchEventModel } from '@platform/db';
import { createRedisConnection, RateLimiters } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createCourse,
  createCustomer,
  grantAccess,
  invalidTokenCases,
  isolatedInfrastructure,
  TestApp,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/**
 * learning-commerce.md, "Limits": the heartbeat limit counts in Redis; when Redis cannot count,
 * heartbeats pass (fail open) and every other check still applies.
 */
describe('Video heartbeat when Redis is unreachable (customer-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;

  before(async () => {
    infra = await isolatedInfrastructure(
      'heartbeat-offline',
      {},
      { redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'heartbeat-offline' }, { retryStrategy: () => null }) },
    );
    api = await buildTestApp(createCustomerApi, infra);
  });
  after(() => closeTestInfrastructure(infra));

  async function enrolled() {
    const course = await createCourse();
    const customer = await createCustomer(api.app.container);
    await grantAccess(customer.id, course.product.id);
    const lesson = course.topics[0].lessons[0];
    const path = (prefix = '/api') => `${prefix}/courses/${course.course.id}/lessons/${lesson.id}/heartbeat`;
    return { course, customer, lesson, path };
  }

  it('cannot count: the limiter reports "unknown" (the premise of the other tests)', async () => {
    const decision = await api.app.container.get(RateLimiters).consume({ name: 'heartbeat', points: 1, durationSeconds: 8 }, 'probe');
    expect(decision.allowed).to.equal('unknown');
  });

  it('processes back-to-back heartbeats of one user and lesson (no 429) and records each of them', async () => {
    const { customer, lesson, path } = await enrolled();
    const auth = `Bearer ${customer.accessToken}`;
    const first = await api.http.post(path()).set('Authorization', auth).send({ watchPosition: 100, totalWatchedSeconds: 100 }).expect(200);
    expect(first.body).to.deep.equal({
      message: 'heartbeat processed',
      data: { watchPosition: 100, totalWatchedSeconds: 100, isCompleted: false, watchPercentage: 16.66 },
    });
    const second = await api.http.post(path('/api/mobile')).set('Authorization', auth).send({ watchPosition: 540, totalWatchedSeconds: 540 }).expect(200);
    expect(second.body.data).to.deep.equal({ watchPosition: 540, totalWatchedSeconds: 540, isCompleted: true, watchPercentage: 90 });
    const third = await api.http.post(path()).set('Authorization', auth).send({ watchPosition: 550, totalWatchedSeconds: 550, eventType: 'ended' }).expect(200);
    expect(third.body.data).to.deep.equal({ watchPosition: 550, totalWatchedSeconds: 550, isCompleted: true, watchPercentage: 91.66 });

    const row = await CourseProgressModel.findOne({ where: { userId: customer.id, lessonId: lesson.id } });
    expect(row?.get({ plain: true })).to.deep.include({ watchPosition: 550, totalWatchedSeconds: 550, isCompleted: true });
    const events = await WatchEventModel.findAll({ where: { userId: customer.id, lessonId: lesson.id }, order: [['id', 'ASC']] });
    expect(events.map((event) => [event.eventType, event.watchPosition])).to.deep.equal([
      ['heartbeat', 100],
      ['heartbeat', 540],
      ['ended', 550],
    ]);
  });

  it('still refuses a bad token (401), a customer without access (403), a missing lesson (404) and a bad body (400)', async () => {
    const { course, customer, path } = await enrolled();
    const outsider = await createCustomer(api.app.container);
    const body = { watchPosition: 1, totalWatchedSeconds: 1 };
    for (const [label, authorization] of invalidTokenCases('customer', customer.id)) {
      const req = api.http.post(path());
      if (authorization !== undefined) req.set('Authorization', authorization);
      const res = await req.send(body);
      expect([res.status, res.body.errorCode], label).to.deep.equal([401, 'HEARTBEAT_TOKEN_EXPIRED']);
    }
    const denied = await api.http.post(path()).set('Authorization', `Bearer ${outsider.accessToken}`).send(body);
    expect([denied.status, denied.body.errorCode]).to.deep.equal([403, 'HEARTBEAT_NOT_ENROLLED']);
    const missing = await api.http
      .post(`/api/courses/${course.course.id}/lessons/2147483647/heartbeat`)
      .set('Authorization', `Bearer ${customer.accessToken}`)
      .send(body);
    expect([missing.status, missing.body.errorCode]).to.deep.equal([404, 'HEARTBEAT_LESSON_NOT_FOUND']);
    const invalid = await api.http.post(path()).set('Authorization', `Bearer ${customer.accessToken}`).send({ watchPosition: -1, totalWatchedSeconds: 1 });
    expect([invalid.status, invalid.body.errorCode]).to.deep.equal([400, 'VALIDATION_ERROR']);
    expect(await WatchEventModel.count({ where: { userId: customer.id } })).to.equal(0);
  });
});
