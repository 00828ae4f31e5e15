import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { createCustomer, TEST_ENV, testContainer } from '@platform/testing';
import { Database } from '../database';
import { dropDatabase, ensureDatabase } from '../ensure-database';
import { ContentItemModel, ContentSeriesModel, NotificationEventModel, UserModel } from '../models';
import { MIGRATIONS } from './index';
import newsletterDelivery from './0020-newsletter-delivery';
import { refused } from './constraint-refusal.test-helper';

/** Newsletter delivery (issue 24): a send names its item, goes with it, and an unsubscribe goes with its user. */
describe('0020-newsletter-delivery constraints', () => {
  const container = () => testContainer('newsletter-delivery-schema-spec');
  before(() => container());
  const unique = () => randomBytes(4).toString('hex');
  const sql = async <T extends object>(text: string, replacements: Record<string, unknown> = {}) =>
    (await container()).get(Database).sequelize.query<T>(text, { replacements, type: QueryTypes.SELECT });
  const item = async () => {
    const series = await ContentSeriesModel.create({ title: 'Weekly', slug: `weekly-${unique()}`, createdByAdminId: 'a' });
    return ContentItemModel.create({ seriesId: series.id, title: 'Wrap', slug: `wrap-${unique()}`, body: 'Banks led.', createdByAdminId: 'a' });
  };
  const send = (fields: Record<string, unknown>) =>
    NotificationEventModel.create({ event: 'NEWSLETTER_EMAIL', payload: {}, dedupeKey: `newsletter:email:${unique()}`, ...fields });

  it('ties the content_readers audience to exactly one item, deleted with it', async () => {
    const one = await item();
    await refused(() => send({ audience: 'content_readers' }), /notification_events_audience_content_item/);
    await refused(() => send({ audience: 'admins', contentItemId: one.id }), /notification_events_audience_content_item/);
    const event = await send({ audience: 'content_readers', contentItemId: one.id });
    await one.destroy();
    expect(await NotificationEventModel.findByPk(event.id)).to.equal(null);
  });

  it('keeps one unsubscribe per user, deleted with the user', async () => {
    const customer = await createCustomer(await container());
    await sql(`INSERT INTO newsletter_unsubscribes (user_id) VALUES (:id)`, { id: customer.id });
    await refused(() => sql(`INSERT INTO newsletter_unsubscribes (user_id) VALUES (:id)`, { id: customer.id }), /newsletter_unsubscribes_pkey/);
    await UserModel.destroy({ where: { id: customer.id } });
    expect(await sql(`SELECT 1 FROM newsletter_unsubscribes WHERE user_id = :id`, { id: customer.id })).to.deep.equal([]);
  });

  it('goes down and up again', async function () {
    this.timeout(60_000);
    const url = new URL(TEST_ENV['DATABASE_URL']);
    url.pathname = `${url.pathname}_m20`;
    await ensureDatabase(url.toString());
    const scratch = new Database({ url: url.toString(), pool: { max: 1, min: 0, idleMs: 1_000, acquireMs: 10_000 }, statementTimeoutMs: 0 }, []);
    const context = { sequelize: scratch.sequelize, queryInterface: scratch.sequelize.getQueryInterface() };
    const count = async (query: string) => (await scratch.sequelize.query<{ n: string }>(query, { type: QueryTypes.SELECT }))[0]?.n;
    try {
      for (const migration of MIGRATIONS.slice(0, MIGRATIONS.indexOf(newsletterDelivery) + 1)) await migration.up(context);
      await scratch.sequelize.query(
        `INSERT INTO content_series (title, slug, created_by_admin_id) VALUES ('x', 'x', 'a');
         INSERT INTO content_items (series_id, title, slug, body, status, published_at, created_by_admin_id) VALUES (1, 'x', 'x', 'x', 'published', now(), 'a');
         INSERT INTO notification_events (event, audience, content_item_id, payload, dedupe_key) VALUES ('NEWSLETTER_EMAIL', 'content_readers', 1, '{}', 'newsletter:email:1');`,
      );
      await newsletterDelivery.down(context);
      expect(await count(`SELECT count(*) AS n FROM pg_tables WHERE tablename = 'newsletter_unsubscribes'`)).to.equal('0');
      expect(await count(`SELECT count(*) AS n FROM notification_events`)).to.equal('0');
      await newsletterDelivery.up(context);
      expect(await count(`SELECT count(*) AS n FROM information_schema.columns WHERE table_name = 'notification_events' AND column_name = 'content_item_id'`)).to.equal('1');
    } finally {
      await scratch.close();
      await dropDatabase(url.toString());
    }
  });
});
