import { expect } from 'chai';
import { heartbeatTestContext, storedRow } from './heartbeat.test-helper';

/**
 * learning-commerce.md, "Video progress and resume" (heartbeat rules 3 and 4) and "Lesson
 * completion": when a heartbeat completes a lesson, that completion latches, and how
 * watchPercentage is computed.
 */
describe('Video heartbeat (customer-api)', () => {
  const hb = heartbeatTestContext();

  describe('completion (rule 3, "Lesson completion") and watchPercentage (rule 4)', () => {
    it('completes a 600 s lesson at 540 s watched (90 %), not at 539 s; completed_at is the time of that heartbeat', async () => {
      const fx = await hb.enrolled();
      expect(fx.lesson.videoDurationSeconds).to.equal(600);
      const below = await hb.beat(fx, { watchPosition: 539, totalWatchedSeconds: 539 }).expect(200);
      expect(below.body.data).to.deep.equal({ watchPosition: 539, totalWatchedSeconds: 539, isCompleted: false, watchPercentage: 89.83 });
      expect((await storedRow(fx.customer.id, fx.lesson.id)).get({ plain: true })).to.deep.include({ isCompleted: false, completedAt: null });

      const at = new Date(Date.now() - 1_000);
      const reached = await hb.beat(fx, { watchPosition: 540, totalWatchedSeconds: 540 }, { at }).expect(200);
      expect(reached.body.data).to.deep.equal({ watchPosition: 540, totalWatchedSeconds: 540, isCompleted: true, watchPercentage: 90 });
      const row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(row.isCompleted).to.equal(true);
      expect(row.completedAt?.toISOString()).to.equal(at.toISOString());
    });

    it('completes on the first heartbeat when it already reaches the threshold (the row is created completed)', async () => {
      const fx = await hb.enrolled();
      const at = new Date(Date.now() - 2_000);
      const res = await hb.beat(fx, { watchPosition: 10, totalWatchedSeconds: 540 }, { at }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 10, totalWatchedSeconds: 540, isCompleted: true, watchPercentage: 90 });
      const row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(row.isCompleted).to.equal(true);
      expect(row.completedAt?.toISOString()).to.equal(at.toISOString());
    });

    it('uses the watched total, not the position: a position at the end with 539 s watched is not complete', async () => {
      const fx = await hb.enrolled();
      const res = await hb.beat(fx, { watchPosition: 600, totalWatchedSeconds: 539 }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 600, totalWatchedSeconds: 539, isCompleted: false, watchPercentage: 89.83 });
    });

    it('latches completion: later heartbeats keep isCompleted and the first completed_at, even once the video got longer', async () => {
      const fx = await hb.enrolled();
      const t1 = new Date(Date.now() - 60_000);
      await hb.beat(fx, { watchPosition: 560, totalWatchedSeconds: 560 }, { at: t1 }).expect(200);

      const t2 = new Date(Date.now() - 50_000);
      const later = await hb.beat(fx, { watchPosition: 600, totalWatchedSeconds: 600 }, { at: t2 }).expect(200);
      expect(later.body.data).to.deep.equal({ watchPosition: 600, totalWatchedSeconds: 600, isCompleted: true, watchPercentage: 100 });
      let row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(row.completedAt?.toISOString()).to.equal(t1.toISOString());
      expect(row.updatedAt.toISOString()).to.equal(t2.toISOString());

      // A longer video (re-upload): 700 of 6000 s is 11.66 %, far below 90 %, and the lesson stays completed.
      await fx.lesson.update({ videoDurationSeconds: 6_000 });
      const t3 = new Date(Date.now() - 40_000);
      const longer = await hb.beat(fx, { watchPosition: 700, totalWatchedSeconds: 700 }, { at: t3 }).expect(200);
      expect(longer.body.data).to.deep.equal({ watchPosition: 700, totalWatchedSeconds: 700, isCompleted: true, watchPercentage: 11.66 });
      row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(row.get({ plain: true })).to.deep.include({ watchPosition: 700, totalWatchedSeconds: 700, isCompleted: true });
      expect(row.completedAt?.toISOString()).to.equal(t1.toISOString());
      expect(row.updatedAt.toISOString()).to.equal(t3.toISOString());

      // A non-advancing heartbeat answers the stored, completed progress.
      const back = await hb.beat(fx, { watchPosition: 5, totalWatchedSeconds: 5 }).expect(200);
      expect(back.body.data).to.deep.equal({ watchPosition: 700, totalWatchedSeconds: 700, isCompleted: true, watchPercentage: 11.66 });
      expect((await storedRow(fx.customer.id, fx.lesson.id)).completedAt?.toISOString()).to.equal(t1.toISOString());
    });

    it('caps watchPercentage at 100 when more than the video was watched', async () => {
      const fx = await hb.enrolled();
      const res = await hb.beat(fx, { watchPosition: 10, totalWatchedSeconds: 1_500 }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 10, totalWatchedSeconds: 1_500, isCompleted: true, watchPercentage: 100 });
      const beyond = await hb.beat(fx, { watchPosition: 900, totalWatchedSeconds: 1_600 }).expect(200);
      expect(beyond.body.data).to.deep.equal({ watchPosition: 900, totalWatchedSeconds: 1_600, isCompleted: true, watchPercentage: 100 });
    });

    it('truncates watchPercentage to 2 decimals (1 s of 600 s is 0.16; 100 s of 660 s is 15.15)', async () => {
      const fx = await hb.enrolled();
      expect((await hb.beat(fx, { watchPosition: 1, totalWatchedSeconds: 1 }).expect(200)).body.data.watchPercentage).to.equal(0.16);
      expect(fx.other.videoDurationSeconds).to.equal(660);
      const res = await hb.beat(fx, { watchPosition: 100, totalWatchedSeconds: 100 }, { lesson: fx.other }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 100, totalWatchedSeconds: 100, isCompleted: false, watchPercentage: 15.15 });
      // 593 of 660 s is 89.848 % (shown 89.84, never rounded up towards the threshold): not complete; 594 s is exactly 90 %.
      expect((await hb.beat(fx, { watchPosition: 593, totalWatchedSeconds: 593 }, { lesson: fx.other }).expect(200)).body.data).to.deep.equal({
        watchPosition: 593,
        totalWatchedSeconds: 593,
        isCompleted: false,
        watchPercentage: 89.84,
      });
      expect((await hb.beat(fx, { watchPosition: 594, totalWatchedSeconds: 594 }, { lesson: fx.other }).expect(200)).body.data).to.deep.equal({
        watchPosition: 594,
        totalWatchedSeconds: 594,
        isCompleted: true,
        watchPercentage: 90,
      });
    });

    it('answers watchPercentage null and never completes a lesson without a video duration', async () => {
      const fx = await hb.enrolled();
      await fx.lesson.update({ videoDurationSeconds: null });
      const res = await hb.beat(fx, { watchPosition: 100, totalWatchedSeconds: 99_999 }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 100, totalWatchedSeconds: 99_999, isCompleted: false, watchPercentage: null });
      const again = await hb.beat(fx, { watchPosition: 200, totalWatchedSeconds: 100_000 }).expect(200);
      expect(again.body.data).to.deep.equal({ watchPosition: 200, totalWatchedSeconds: 100_000, isCompleted: false, watchPercentage: null });
      expect((await storedRow(fx.customer.id, fx.lesson.id)).get({ plain: true })).to.deep.include({
        watchPosition: 200,
        totalWatchedSeconds: 100_000,
        isCompleted: false,
        completedAt: null,
      });
    });
  });
});
