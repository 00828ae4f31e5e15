import { expect } from 'chai';
import { CourseProgressModel } from '@platform/db';
import { createCustomer } from '@platform/testing';
import { eventRows, eventValues, expectError, expectNothingWritten, heartbeatTestContext, MAX_INT, PREFIXES, storedRow } from './heartbeat.test-helper';

/**
 * learning-commerce.md, "Video progress and resume" (heartbeat rules 1 and 2) and "Video progress
 * records": what a processed heartbeat answers and writes, how the position and the watched total
 * move (and the trigger that keeps them from moving back), and the eventType logged with it;
 * POST /api/courses/:courseId/lessons/:lessonId/heartbeat and its /api/mobile twin. Completion and
 * watchPercentage: heartbeat-completion.e2e.ts.
 */
describe('Video heartbeat (customer-api)', () => {
  const hb = heartbeatTestContext();

  describe('a processed heartbeat', () => {
    for (const prefix of PREFIXES) {
      it(`on ${prefix}: answers 200 "heartbeat processed" with the progress and writes one course_progress row and one watch_events row`, async () => {
        const fx = await hb.enrolled();
        const at = new Date(Date.now() - 5_000);
        const before = Date.now();
        const res = await hb.beat(fx, { watchPosition: 120, totalWatchedSeconds: 150 }, { prefix, at }).expect(200);
        expect(res.body).to.deep.equal({
          message: 'heartbeat processed',
          data: { watchPosition: 120, totalWatchedSeconds: 150, isCompleted: false, watchPercentage: 25 },
        });

        const row = (await storedRow(fx.customer.id, fx.lesson.id));
        expect(row.get({ plain: true })).to.deep.include({
          userId: fx.customer.id,
          lessonId: fx.lesson.id,
          courseId: fx.courseId,
          watchPosition: 120,
          totalWatchedSeconds: 150,
          isCompleted: false,
          completedAt: null,
        });
        expect(row.createdAt.toISOString()).to.equal(at.toISOString());
        expect(row.updatedAt.toISOString()).to.equal(at.toISOString());
        expect(await CourseProgressModel.count({ where: { userId: fx.customer.id } })).to.equal(1);

        const events = await eventRows(fx.customer.id, fx.lesson.id);
        expect(events.map((event) => event.get({ plain: true }))).to.have.length(1);
        expect(events[0].get({ plain: true })).to.deep.include({
          userId: fx.customer.id,
          lessonId: fx.lesson.id,
          eventType: 'heartbeat',
          watchPosition: 120,
          totalWatchedSeconds: 150,
        });
        // created_at is the server's time of the insert, not the application clock.
        expect(events[0].createdAt.getTime()).to.be.within(before - 2_000, Date.now() + 2_000);
      });
    }

    it('creates the row on a first heartbeat at position 0: 0 s watched is 0 %, not null', async () => {
      const fx = await hb.enrolled();
      const res = await hb.beat(fx, { watchPosition: 0, totalWatchedSeconds: 0 }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 0, totalWatchedSeconds: 0, isCompleted: false, watchPercentage: 0 });
      expect((await storedRow(fx.customer.id, fx.lesson.id)).get({ plain: true })).to.deep.include({
        watchPosition: 0,
        totalWatchedSeconds: 0,
        isCompleted: false,
      });
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([['heartbeat', 0, 0]]);
    });

    it('keeps one row per lesson: heartbeats on two lessons of the course write two rows, each with its own values', async () => {
      const fx = await hb.enrolled();
      await hb.beat(fx, { watchPosition: 30, totalWatchedSeconds: 30 }).expect(200);
      const res = await hb.beat(fx, { watchPosition: 66, totalWatchedSeconds: 66 }, { lesson: fx.other }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 66, totalWatchedSeconds: 66, isCompleted: false, watchPercentage: 10 });
      const rows = await CourseProgressModel.findAll({ where: { userId: fx.customer.id }, order: [['lessonId', 'ASC']] });
      expect(rows.map((row) => [row.lessonId, row.courseId, row.watchPosition, row.totalWatchedSeconds])).to.deep.equal([
        [fx.lesson.id, fx.courseId, 30, 30],
        [fx.other.id, fx.courseId, 66, 66],
      ]);
    });

    it('ignores body fields it does not know (a client cannot set isCompleted or another user)', async () => {
      const fx = await hb.enrolled();
      const stranger = await createCustomer(hb.api.app.container);
      const res = await hb.beat(fx, {
        watchPosition: 10,
        totalWatchedSeconds: 10,
        isCompleted: true,
        watchPercentage: 100,
        userId: stranger.id,
        completedAt: '2020-01-01T00:00:00.000Z',
      }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 10, totalWatchedSeconds: 10, isCompleted: false, watchPercentage: 1.66 });
      expect((await storedRow(fx.customer.id, fx.lesson.id)).get({ plain: true })).to.deep.include({ isCompleted: false, completedAt: null });
      expect(await CourseProgressModel.count({ where: { userId: stranger.id } })).to.equal(0);
    });

    it('accepts 2147483647 (the largest PostgreSQL integer) for both values', async () => {
      const fx = await hb.enrolled();
      const res = await hb.beat(fx, { watchPosition: MAX_INT, totalWatchedSeconds: MAX_INT }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: MAX_INT, totalWatchedSeconds: MAX_INT, isCompleted: true, watchPercentage: 100 });
      expect((await storedRow(fx.customer.id, fx.lesson.id)).get({ plain: true })).to.deep.include({
        watchPosition: MAX_INT,
        totalWatchedSeconds: MAX_INT,
        isCompleted: true,
      });
    });
  });

  describe('position and watched total (rule 2)', () => {
    it('moves the position forward and keeps the greatest watched total ever stored', async () => {
      const fx = await hb.enrolled();
      const t1 = new Date(Date.now() - 60_000);
      const t2 = new Date(Date.now() - 50_000);
      const t3 = new Date(Date.now() - 40_000);
      expect((await hb.beat(fx, { watchPosition: 100, totalWatchedSeconds: 150 }, { at: t1 }).expect(200)).body.data).to.deep.equal({
        watchPosition: 100,
        totalWatchedSeconds: 150,
        isCompleted: false,
        watchPercentage: 25,
      });
      // Position advanced, total went down (a client bug): the total stays the greater.
      expect((await hb.beat(fx, { watchPosition: 200, totalWatchedSeconds: 120 }, { at: t2 }).expect(200)).body.data).to.deep.equal({
        watchPosition: 200,
        totalWatchedSeconds: 150,
        isCompleted: false,
        watchPercentage: 25,
      });
      expect((await hb.beat(fx, { watchPosition: 300, totalWatchedSeconds: 330 }, { at: t3 }).expect(200)).body.data).to.deep.equal({
        watchPosition: 300,
        totalWatchedSeconds: 330,
        isCompleted: false,
        watchPercentage: 55,
      });
      const row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect([row.watchPosition, row.totalWatchedSeconds, row.isCompleted]).to.deep.equal([300, 330, false]);
      expect(row.createdAt.toISOString()).to.equal(t1.toISOString());
      expect(row.updatedAt.toISOString()).to.equal(t3.toISOString());
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([
        ['heartbeat', 100, 150],
        ['heartbeat', 200, 120],
        ['heartbeat', 300, 330],
      ]);
    });

    it('a heartbeat whose position does not advance changes no column (updated_at included), answers the stored progress and is still logged', async () => {
      const fx = await hb.enrolled();
      const t1 = new Date(Date.now() - 60_000);
      await hb.beat(fx, { watchPosition: 300, totalWatchedSeconds: 300 }, { at: t1 }).expect(200);
      const stored = { watchPosition: 300, totalWatchedSeconds: 300, isCompleted: false, watchPercentage: 50 };

      // Backwards (a rewind), with a total above the threshold: nothing moves, not even the total.
      const back = await hb.beat(fx, { watchPosition: 250, totalWatchedSeconds: 580 }, { at: new Date(Date.now() - 50_000) }).expect(200);
      expect(back.body).to.deep.equal({ message: 'heartbeat processed', data: stored });
      // The same position again.
      const same = await hb.beat(fx, { watchPosition: 300, totalWatchedSeconds: 590, eventType: 'pause' }, { at: new Date(Date.now() - 40_000) }).expect(200);
      expect(same.body.data).to.deep.equal(stored);

      const row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(row.get({ plain: true })).to.deep.include({ watchPosition: 300, totalWatchedSeconds: 300, isCompleted: false, completedAt: null });
      expect(row.updatedAt.toISOString(), 'updated_at unchanged').to.equal(t1.toISOString());
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([
        ['heartbeat', 300, 300],
        ['heartbeat', 250, 580],
        ['pause', 300, 590],
      ]);

      // The next advancing heartbeat takes its own total (the refused 580 and 590 were never stored).
      const t4 = new Date(Date.now() - 30_000);
      const next = await hb.beat(fx, { watchPosition: 301, totalWatchedSeconds: 310 }, { at: t4 }).expect(200);
      expect(next.body.data).to.deep.equal({ watchPosition: 301, totalWatchedSeconds: 310, isCompleted: false, watchPercentage: 51.66 });
      const moved = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(moved.updatedAt.toISOString()).to.equal(t4.toISOString());
    });
  });

  describe('eventType', () => {
    it('records each player event type as sent (play, pause, seek, ended), and heartbeat when it is absent or null', async () => {
      const fx = await hb.enrolled();
      await hb.beat(fx, { watchPosition: 1, totalWatchedSeconds: 1 }).expect(200);
      let position = 1;
      for (const eventType of ['play', 'pause', 'seek', 'ended']) {
        position += 10;
        await hb.beat(fx, { watchPosition: position, totalWatchedSeconds: position, eventType }).expect(200);
      }
      await hb.beat(fx, { watchPosition: 100, totalWatchedSeconds: 100, eventType: null }).expect(200);
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([
        ['heartbeat', 1, 1],
        ['play', 11, 11],
        ['pause', 21, 21],
        ['seek', 31, 31],
        ['ended', 41, 41],
        ['heartbeat', 100, 100],
      ]);
    });

    for (const [label, eventType] of [
      ['an unknown event type', 'rewind'],
      ['an upper-case event type', 'PLAY'],
      ['an empty event type', ''],
      ['a number', 1],
      ['an array', ['play']],
    ] as Array<[string, unknown]>) {
      it(`refuses ${label} with 400 VALIDATION_ERROR and writes nothing`, async () => {
        const fx = await hb.enrolled();
        const res = await hb.beat(fx, { watchPosition: 10, totalWatchedSeconds: 10, eventType });
        expectError(res, 400, 'VALIDATION_ERROR');
        expect(res.body.errors.map((error: { field: string }) => error.field)).to.include('eventType');
        await expectNothingWritten(fx.customer.id, fx.lesson.id);
      });
    }
  });

  describe('the course_progress_only_forward trigger', () => {
    const update = (set: string, userId: string, lessonId: number) =>
      hb.api.infra.db.sequelize.query(`UPDATE course_progress SET ${set} WHERE user_id = :userId AND lesson_id = :lessonId`, {
        replacements: { userId, lessonId },
      });

    it('refuses an UPDATE written in SQL that moves the position or the total back, unlatches completion or changes completed_at', async () => {
      const fx = await hb.enrolled();
      const at = new Date(Date.now() - 10_000);
      await hb.beat(fx, { watchPosition: 560, totalWatchedSeconds: 560 }, { at }).expect(200);
      for (const set of [
        'watch_position = watch_position - 1',
        'total_watched_seconds = 0',
        'is_completed = false, completed_at = NULL',
        "completed_at = completed_at + interval '1 second'",
        'completed_at = NULL',
      ]) {
        let failure: Error | undefined;
        await update(set, fx.customer.id, fx.lesson.id).catch((error: Error) => {
          failure = error;
        });
        expect(failure?.message, set).to.match(/course_progress only moves forward/);
      }
      const row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(row.get({ plain: true })).to.deep.include({ watchPosition: 560, totalWatchedSeconds: 560, isCompleted: true });
      expect(row.completedAt?.toISOString()).to.equal(at.toISOString());

      // Forward moves are allowed.
      await update('watch_position = 590, total_watched_seconds = 600', fx.customer.id, fx.lesson.id);
      expect((await storedRow(fx.customer.id, fx.lesson.id)).get({ plain: true })).to.deep.include({ watchPosition: 590, totalWatchedSeconds: 600 });
    });
  });
});
