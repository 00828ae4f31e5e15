import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import type { ContainerInstance } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database } from '@platform/db';
import { closeTestInfrastructure, isolatedInfrastructure, testContainer } from '@platform/testing';
import { Clock, fixedClock } from '../../shared';
import { WatchEventPartitions } from './watch-event-partitions.service';

const DAY_MS = 86_400_000;

/** The partition of the UTC month `monthsAhead` months after `from`'s (watch_events_YYYY_MM). */
function partitionOf(from: Date, monthsAhead = 0): string {
  const month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + monthsAhead, 1));
  return `watch_events_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Mid-month of the UTC month `monthsAhead` months after `from`'s. */
function midMonth(from: Date, monthsAhead: number): Date {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + monthsAhead, 15, 12));
}

/**
 * Issue 8 (video progress), migration 0008: watch_events is partitioned by UTC month with a
 * DEFAULT partition; maintain() keeps the coming months ready and drops the ones past retention.
 * The database is shared with the run's other spec files and partitions are global, so this file
 * only ever drops partitions it created itself in the far past (2020), never the current month's.
 */
describe('WatchEventPartitions (watch_events maintenance)', () => {
  let db: Database;
  let container: ContainerInstance;
  let sixAheadInfra: Awaited<ReturnType<typeof isolatedInfrastructure>>;
  let sixAhead: ContainerInstance;
  const clock = { now: new Date() };

  before(async () => {
    container = await testContainer('watch-event-partitions');
    container.set(Clock, fixedClock(clock));
    db = container.get(Database);
    sixAheadInfra = await isolatedInfrastructure('watch-event-partitions-6', { WATCH_EVENTS_PARTITIONS_AHEAD_MONTHS: '6' });
    sixAhead = await testContainer('watch-event-partitions-6', sixAheadInfra);
  });

  after(async () => {
    await closeTestInfrastructure(sixAheadInfra);
  });

  beforeEach(() => {
    clock.now = new Date();
  });

  async function insert(createdAt?: Date): Promise<{ id: string; partition: string; createdAt: Date }> {
    const [row] = await db.sequelize.query<{ id: string; partition: string; createdAt: Date }>(
      `INSERT INTO watch_events (user_id, lesson_id, watch_position, total_watched_seconds, created_at)
       VALUES (:userId, 1, 0, 0, COALESCE(:createdAt::timestamptz, now()))
       RETURNING id, tableoid::regclass::text AS partition, created_at AS "createdAt"`,
      { replacements: { userId: uuidv7(), createdAt: createdAt ?? null }, type: QueryTypes.SELECT },
    );
    return row;
  }

  /** Where the row sits now, or null when it is gone. */
  async function whereIs(id: string): Promise<string | null> {
    const rows = await db.sequelize.query<{ partition: string }>(
      'SELECT tableoid::regclass::text AS partition FROM watch_events WHERE id = :id',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    return rows[0]?.partition ?? null;
  }

  async function exists(table: string): Promise<boolean> {
    const [row] = await db.sequelize.query<{ found: boolean }>('SELECT to_regclass(:table) IS NOT NULL AS found', {
      replacements: { table },
      type: QueryTypes.SELECT,
    });
    return row.found;
  }

  it('keeps this month and the next WATCH_EVENTS_PARTITIONS_AHEAD_MONTHS (default 2) ready; a second run creates nothing', async () => {
    const now = new Date();
    const first = await container.get(WatchEventPartitions).maintain();
    for (const ahead of [0, 1, 2]) expect(await exists(partitionOf(now, ahead)), partitionOf(now, ahead)).to.equal(true);
    expect(first.created).to.satisfy((names: string[]) => names.every((name) => name <= partitionOf(now, 2)));

    const second = await container.get(WatchEventPartitions).maintain();
    expect(second).to.deep.equal({ created: [], dropped: [], purgedDefaultRows: 0 });
  });

  it("sends a row to the current month's partition", async () => {
    const row = await insert();
    expect(row.partition).to.equal(partitionOf(new Date(row.createdAt)));
  });

  it('moves rows the DEFAULT partition caught for a month into the partition it creates for it', async () => {
    const now = new Date();
    const missing: string[] = [];
    for (let ahead = 0; ahead <= 6; ahead++) if (!(await exists(partitionOf(now, ahead)))) missing.push(partitionOf(now, ahead));
    expect(missing, 'precondition: the month 5 ahead has no partition yet').to.include(partitionOf(now, 5));

    const fiveAhead = await insert(midMonth(now, 5));
    const sevenAhead = await insert(midMonth(now, 7));
    expect(fiveAhead.partition).to.equal('watch_events_default');
    expect(sevenAhead.partition).to.equal('watch_events_default');

    const outcome = await sixAhead.get(WatchEventPartitions).maintain();
    expect(outcome.created).to.deep.equal(missing);
    expect(await whereIs(fiveAhead.id)).to.equal(partitionOf(now, 5));
    expect(await whereIs(sevenAhead.id), 'beyond 6 months ahead: left in DEFAULT').to.equal('watch_events_default');
    const [moved] = await db.sequelize.query<{ createdAt: Date }>('SELECT created_at AS "createdAt" FROM watch_events WHERE id = :id', {
      replacements: { id: fiveAhead.id },
      type: QueryTypes.SELECT,
    });
    expect(new Date(moved.createdAt).toISOString()).to.equal(midMonth(now, 5).toISOString());

    // A new row of that month now goes straight to its partition; a second run has nothing to do.
    expect((await insert(midMonth(now, 5))).partition).to.equal(partitionOf(now, 5));
    expect((await sixAhead.get(WatchEventPartitions).maintain()).created).to.deep.equal([]);

    await db.sequelize.query('DELETE FROM watch_events WHERE id = :id', { replacements: { id: sevenAhead.id } });
  });

  it('drops the partitions that end at or before now − WATCH_EVENTS_RETENTION_DAYS (by the Clock) and older DEFAULT rows', async () => {
    await db.sequelize.query(`
      CREATE TABLE watch_events_2020_01 PARTITION OF watch_events FOR VALUES FROM ('2020-01-01Z') TO ('2020-02-01Z');
      CREATE TABLE watch_events_2020_02 PARTITION OF watch_events FOR VALUES FROM ('2020-02-01Z') TO ('2020-03-01Z');
    `);
    const january = await insert(new Date('2020-01-10T08:00:00Z'));
    const february = await insert(new Date('2020-02-10T08:00:00Z'));
    const oldDefault = await insert(new Date('2019-12-31T23:59:59Z'));
    const juneDefault = await insert(new Date('2020-06-01T00:00:00Z'));
    // About three months ago: a past month the migration made no partition for.
    const recentDefault = await insert(new Date(Date.now() - 100 * DAY_MS));
    expect([january.partition, february.partition]).to.deep.equal(['watch_events_2020_01', 'watch_events_2020_02']);
    expect([oldDefault.partition, juneDefault.partition, recentDefault.partition]).to.deep.equal([
      'watch_events_default',
      'watch_events_default',
      'watch_events_default',
    ]);

    // 365 days after 2020-02-01: the cutoff is exactly the end of January 2020.
    clock.now = new Date(Date.parse('2020-02-01T00:00:00Z') + 365 * DAY_MS);
    const early = await container.get(WatchEventPartitions).maintain();
    expect(early.dropped).to.include('watch_events_2020_01');
    expect(early.dropped).not.to.include('watch_events_2020_02');
    expect(early.purgedDefaultRows).to.equal(1);
    expect(await exists('watch_events_2020_01')).to.equal(false);
    expect(await whereIs(january.id)).to.equal(null);
    expect(await whereIs(oldDefault.id), 'DEFAULT row before the cutoff').to.equal(null);
    expect(await whereIs(february.id)).to.equal('watch_events_2020_02');
    expect(await whereIs(juneDefault.id)).to.equal('watch_events_default');

    clock.now = new Date();
    const today = await container.get(WatchEventPartitions).maintain();
    expect(today.dropped).to.include('watch_events_2020_02');
    expect(today.dropped).not.to.include(partitionOf(clock.now));
    expect(today.purgedDefaultRows).to.equal(1);
    expect(await whereIs(february.id)).to.equal(null);
    expect(await whereIs(juneDefault.id)).to.equal(null);
    expect(await whereIs(recentDefault.id), 'within retention').to.equal('watch_events_default');
    for (const ahead of [0, 1, 2]) expect(await exists(partitionOf(clock.now, ahead))).to.equal(true);
    expect((await insert()).partition).to.equal(partitionOf(new Date()));

    await db.sequelize.query('DELETE FROM watch_events WHERE id = :id', { replacements: { id: recentDefault.id } });
  });
});
