import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { Database, WatchEventModel } from '@platform/db';
import { RecordHeartbeatUseCase } from '@platform/domain';
import { buildTestApp, createCourse, createCustomer, grantAccess, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/**
 * Migration 0008: when the current month's partition is missing, heartbeats land in the DEFAULT
 * partition until the maintenance job creates it. A heartbeat that waited on the job's lock fails
 * PostgreSQL's partition check when the job commits; RecordHeartbeatUseCase runs it again.
 */
describe('Video heartbeat while the maintenance job creates the partition it is writing to (customer-api)', () => {
  let api: TestApp;
  let db: Database;
  let month: string;
  const held = () => `${month}_held`;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    db = api.app.container.get(Database);
    const [row] = await db.sequelize.query<{ name: string }>(
      `SELECT 'watch_events_' || to_char(now() AT TIME ZONE 'UTC', 'YYYY_MM') AS name`,
      { type: QueryTypes.SELECT },
    );
    month = row.name;
    // Take this month's partition away (kept aside under another name), as if the job had not run for months.
    await db.sequelize.query(`ALTER TABLE watch_events DETACH PARTITION ${month}; ALTER TABLE ${month} RENAME TO ${held()}`);
  });

  after(async () => {
    // Put the month back as it was, with whatever rows the test wrote.
    await db.sequelize.query(`
      INSERT INTO ${held()} SELECT * FROM ${month};
      ALTER TABLE watch_events DETACH PARTITION ${month};
      DROP TABLE ${month};
      ALTER TABLE ${held()} RENAME TO ${month};
      ALTER TABLE watch_events ATTACH PARTITION ${month}
        FOR VALUES FROM (date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
        TO ((date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC')`);
  });

  it('records the heartbeat in the new partition instead of failing', async () => {
    const course = await createCourse();
    const customer = await createCustomer(api.app.container);
    await grantAccess(customer.id, course.product.id);
    const lesson = course.topics[0].lessons[0];

    let heartbeat: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      const created = await db.sequelize.query<{ name: string }>('SELECT watch_events_ensure_partitions(0) AS name', { type: QueryTypes.SELECT, transaction: tx });
      expect(created.map((row) => row.name)).to.deep.equal([month]);
      // Routed to DEFAULT (the new partition is not committed yet), the insert waits on the job's lock.
      heartbeat = api.app.container
        .get(RecordHeartbeatUseCase)
        .execute({ kind: 'customer', id: customer.id }, String(course.course.id), String(lesson.id), { watchPosition: 42, totalWatchedSeconds: 42 });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });

    expect(await heartbeat).to.deep.include({ watchPosition: 42, totalWatchedSeconds: 42 });
    const [event] = await db.sequelize.query<{ partition: string }>(
      'SELECT tableoid::regclass::text AS partition FROM watch_events WHERE user_id = :userId',
      { replacements: { userId: customer.id }, type: QueryTypes.SELECT },
    );
    expect(event.partition).to.equal(month);
    expect(await WatchEventModel.count({ where: { userId: customer.id } })).to.equal(1);
  });
});
