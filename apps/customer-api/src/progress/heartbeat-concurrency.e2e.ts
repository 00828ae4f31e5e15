import { expect } from 'chai';
import { CourseProgressModel, LessonModel, WatchEventModel } from '@platform/db';
import { Clock, CustomerActor, fixedClock, HeartbeatView, RecordHeartbeatUseCase } from '@platform/domain';
import { buildTestApp, createCourse, createCustomer, grantAccess, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/** Fisher-Yates, so each run sends the heartbeats in another order. */
function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** The answer to the heartbeat sent at `position`. */
function viewOf(results: Array<{ position: number; view: HeartbeatView }>, position: number): HeartbeatView | undefined {
  return results.find((result) => result.position === position)?.view;
}

async function storedRow(userId: string, lessonId: number): Promise<CourseProgressModel> {
  const row = await CourseProgressModel.findOne({ where: { userId, lessonId } });
  if (!row) throw new Error(`no course_progress row for user ${userId}, lesson ${lessonId}`);
  return row;
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/**
 * learning-commerce.md, heartbeat rules 2 and 3 and "Lesson completion" under concurrency. The
 * HTTP route lets one heartbeat per user and lesson through per window, so the concurrent writes
 * run RecordHeartbeatUseCase directly, from the app's container.
 */
describe('Video heartbeat under concurrency (customer-api)', () => {
  let api: TestApp;
  const clock = { now: new Date() };

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    api.app.container.set(Clock, fixedClock(clock));
  });

  beforeEach(() => {
    clock.now = new Date();
  });

  async function enrolled(): Promise<{ customer: TestCustomer; actor: CustomerActor; courseId: number; lesson: LessonModel }> {
    const course = await createCourse();
    const customer = await createCustomer(api.app.container);
    await grantAccess(customer.id, course.product.id);
    const lesson = course.topics[0].lessons[0];
    expect(lesson.videoDurationSeconds).to.equal(600);
    return { customer, actor: { kind: 'customer', id: customer.id }, courseId: course.course.id, lesson };
  }

  /** Runs every heartbeat at once; `total(position)` gives each one's watched total. */
  function burst(
    fx: { actor: CustomerActor; courseId: number; lesson: LessonModel },
    positions: number[],
    total: (position: number) => number,
  ): Promise<Array<{ position: number; view: HeartbeatView }>> {
    const useCase = api.app.container.get(RecordHeartbeatUseCase);
    return Promise.all(
      shuffled(positions).map(async (position) => ({
        position,
        view: await useCase.execute(fx.actor, String(fx.courseId), String(fx.lesson.id), {
          watchPosition: position,
          totalWatchedSeconds: total(position),
        }),
      })),
    );
  }

  /** What any answer must satisfy: consistent with itself and never beyond what was sent. */
  function expectConsistent(views: HeartbeatView[], maxPosition: number, maxTotal: number): void {
    for (const view of views) {
      expect(view.watchPosition).to.be.at.most(maxPosition);
      expect(view.totalWatchedSeconds).to.be.at.most(maxTotal);
      // The duration does not change here, so completion follows the total exactly (540 s of 600 s).
      expect(view.isCompleted, JSON.stringify(view)).to.equal(view.totalWatchedSeconds >= 540);
      expect(view.watchPercentage).to.equal(Math.min(100, Math.floor((view.totalWatchedSeconds * 10_000) / 600) / 100));
    }
  }

  it('answers concurrent heartbeats that moved nothing with the stored progress, never an older snapshot of it', async () => {
    const fx = await enrolled();
    // 20 identical first heartbeats: one inserts, the others meet its row and move nothing.
    const results = await burst(fx, Array.from({ length: 20 }, () => 100), () => 100);
    for (const { view } of results) {
      expect(view).to.deep.equal({ watchPosition: 100, totalWatchedSeconds: 100, isCompleted: false, watchPercentage: 16.66 });
    }
  });

  it('keeps the maxima, latches completion once with the first completed_at, and logs every one of 60 concurrent heartbeats', async () => {
    const fx = await enrolled();
    // Burst 1 at t1, no row yet: positions 10..600 in steps of 10, each watched total 5 s past its
    // position (the totals grow with the positions, so the greatest total comes with the greatest
    // position, which always advances). 545 s and more reach 90 % of 600 s.
    const t1 = new Date(Date.now() - 60_000);
    clock.now = t1;
    const first = await burst(fx, range(1, 60).map((n) => n * 10), (position) => position + 5);
    expect(first.map(({ view }) => view.watchPosition)).to.include(600);
    expect(viewOf(first, 600)).to.deep.equal({
      watchPosition: 600,
      totalWatchedSeconds: 605,
      isCompleted: true,
      watchPercentage: 100,
    });
    expectConsistent(first.map(({ view }) => view), 600, 605);

    let row = (await storedRow(fx.customer.id, fx.lesson.id));
    expect(row.get({ plain: true })).to.deep.include({ watchPosition: 600, totalWatchedSeconds: 605, isCompleted: true });
    expect(row.completedAt?.toISOString()).to.equal(t1.toISOString());
    expect(row.updatedAt.toISOString()).to.equal(t1.toISOString());
    expect(await WatchEventModel.count({ where: { userId: fx.customer.id, lessonId: fx.lesson.id } })).to.equal(60);

    // Burst 2 at t2: 30 heartbeats behind the stored position (each with a total of 5000, which
    // may not move anything) and 30 ahead of it (601..630, totals 701..730).
    const t2 = new Date(Date.now() - 30_000);
    clock.now = t2;
    const behind = range(1, 30).map((n) => n * 20);
    const ahead = range(601, 30);
    const second = await burst(fx, [...behind, ...ahead], (position) => (position <= 600 ? 5_000 : position + 100));
    expect(viewOf(second, 630)).to.deep.equal({
      watchPosition: 630,
      totalWatchedSeconds: 730,
      isCompleted: true,
      watchPercentage: 100,
    });
    for (const { view } of second) expect(view.isCompleted, 'the latch holds in every answer').to.equal(true);
    for (const { view } of second) expect(view.watchPosition, 'no answer moves back').to.be.at.least(600);

    row = (await storedRow(fx.customer.id, fx.lesson.id));
    expect(row.get({ plain: true })).to.deep.include({ watchPosition: 630, totalWatchedSeconds: 730, isCompleted: true });
    expect(row.completedAt?.toISOString(), 'completed_at keeps the first completion').to.equal(t1.toISOString());
    expect(row.updatedAt.toISOString()).to.equal(t2.toISOString());

    const events = await WatchEventModel.findAll({ where: { userId: fx.customer.id, lessonId: fx.lesson.id } });
    expect(events).to.have.length(120);
    const sent = (positions: number[], total: (position: number) => number) => positions.map((position) => `${position}/${total(position)}`);
    expect(events.map((event) => `${event.watchPosition}/${event.totalWatchedSeconds}`).sort()).to.deep.equal(
      [
        ...sent(range(1, 60).map((n) => n * 10), (position) => position + 5),
        ...sent(behind, () => 5_000),
        ...sent(ahead, (position) => position + 100),
      ].sort(),
    );
    expect(new Set(events.map((event) => event.eventType))).to.deep.equal(new Set(['heartbeat']));
  });

  it('creates exactly one row when many first heartbeats of one user and lesson race, none reaching the threshold', async () => {
    const fx = await enrolled();
    const results = await burst(fx, range(1, 40), (position) => position * 2);
    expectConsistent(results.map(({ view }) => view), 40, 80);
    expect(await CourseProgressModel.count({ where: { userId: fx.customer.id, lessonId: fx.lesson.id } })).to.equal(1);
    const row = (await storedRow(fx.customer.id, fx.lesson.id));
    expect(row.get({ plain: true })).to.deep.include({ watchPosition: 40, totalWatchedSeconds: 80, isCompleted: false, completedAt: null });
    expect(await WatchEventModel.count({ where: { userId: fx.customer.id, lessonId: fx.lesson.id } })).to.equal(40);
  });

  it('lets exactly one of 10 simultaneous HTTP heartbeats of one user and lesson through; the others get 429', async () => {
    const fx = await enrolled();
    const responses = await Promise.all(
      range(1, 10).map((n) =>
        api.http
          .post(`/api/courses/${fx.courseId}/lessons/${fx.lesson.id}/heartbeat`)
          .set('Authorization', `Bearer ${fx.customer.accessToken}`)
          .send({ watchPosition: n, totalWatchedSeconds: n }),
      ),
    );
    expect(responses.map((res) => res.status).sort()).to.deep.equal([200, ...Array(9).fill(429)]);
    for (const res of responses.filter((r) => r.status === 429)) expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
    const accepted = responses.find((res) => res.status === 200)?.body.data.watchPosition as number;
    expect(await WatchEventModel.count({ where: { userId: fx.customer.id, lessonId: fx.lesson.id } })).to.equal(1);
    const row = (await storedRow(fx.customer.id, fx.lesson.id));
    expect(row.watchPosition).to.equal(accepted);
  });
});
