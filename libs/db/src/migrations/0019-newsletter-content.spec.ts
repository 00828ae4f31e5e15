import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { TEST_ENV, testContainer } from '@platform/testing';
import { Database } from '../database';
import { dropDatabase, ensureDatabase } from '../ensure-database';
import {
  ContentCategoryModel,
  ContentFeaturedModel,
  ContentItemModel,
  ContentItemSlugHistoryModel,
  ContentItemTagModel,
  ContentSeriesModel,
  ContentTagModel,
  ContentTierRuleModel,
} from '../models';
import { MIGRATIONS } from './index';
import newsletterContent from './0019-newsletter-content';
import { refused } from './constraint-refusal.test-helper';

/** Newsletter content (issue 24): what the database refuses, and what goes with a series or an item. */
describe('0019-newsletter-content constraints', () => {
  before(() => testContainer('newsletter-content-schema-spec'));
  const admin = 'admin-1';
  const hour = 3_600_000;
  const unique = () => randomBytes(4).toString('hex');
  const sql = async <T extends object>(text: string, replacements: Record<string, unknown> = {}) =>
    (await testContainer('newsletter-content-schema-spec')).get(Database).sequelize.query<T>(text, { replacements, type: QueryTypes.SELECT });
  const series = (overrides: Record<string, unknown> = {}) =>
    ContentSeriesModel.create({ title: 'Market weekly', slug: `market-weekly-${unique()}`, createdByAdminId: admin, ...overrides });
  const item = async (overrides: Record<string, unknown> = {}) =>
    ContentItemModel.create({ seriesId: (await series()).id, title: 'NEPSE this week', slug: `nepse-${unique()}`, body: 'Banks led.', createdByAdminId: admin, ...overrides });

  it('ties each status to exactly its times', async () => {
    const at = new Date();
    await item();
    await item({ status: 'scheduled', scheduledAt: new Date(at.getTime() + hour) });
    await item({ status: 'published', publishedAt: at });
    await item({ status: 'published', publishedAt: at, scheduledAt: new Date(at.getTime() - hour) });
    await item({ status: 'archived', archivedAt: at });
    await item({ status: 'draft', scheduledAt: new Date(at.getTime() + hour) });
    await refused(() => item({ status: 'published' }), /content_items_published_at/);
    await refused(() => item({ status: 'draft', publishedAt: at }), /content_items_published_at/);
    await refused(() => item({ status: 'archived', archivedAt: at, publishedAt: at }), /content_items_published_at/);
    await refused(() => item({ status: 'scheduled' }), /content_items_scheduled_at/);
    await refused(() => item({ status: 'archived' }), /content_items_archived_at/);
    await refused(() => item({ archivedAt: at }), /content_items_archived_at/);
    await refused(() => item({ status: 'hidden' }), /content_items_status_check/);
    await refused(() => item({ contentType: 'podcast' }), /content_items_content_type_check/);
  });

  it('keeps titles, slugs and bodies within their bounds', async () => {
    await refused(() => item({ title: '  ' }), /content_items_title_check/);
    await refused(() => item({ slug: 'Not A Slug' }), /content_items_slug_check/);
    await refused(() => item({ body: ' ' }), /content_items_body_check/);
    await refused(() => item({ summary: 'x'.repeat(1001) }), /content_items_summary_check/);
    await refused(() => series({ status: 'draft' }), /content_series_status_check/);
    await refused(() => series({ title: 'x'.repeat(201) }), /content_series_title_check/);
    const first = await series();
    await refused(() => series({ slug: first.slug }), /content_series_slug_key/);
  });

  it('holds one tier rule per series and per item, each naming exactly one of them', async () => {
    const one = await item();
    await ContentTierRuleModel.create({ itemId: one.id, tier: 'premium', setByAdminId: admin });
    await ContentTierRuleModel.create({ seriesId: one.seriesId, tier: 'basic', setByAdminId: admin });
    await refused(() => ContentTierRuleModel.create({ itemId: one.id, tier: 'basic', setByAdminId: admin }), /content_tier_rules_item_key/);
    await refused(() => ContentTierRuleModel.create({ seriesId: one.seriesId, tier: 'basic', setByAdminId: admin }), /content_tier_rules_series_key/);
    await refused(() => ContentTierRuleModel.create({ tier: 'basic', setByAdminId: admin }), /content_tier_rules_one_target/);
    const other = await item();
    await refused(() => ContentTierRuleModel.create({ itemId: other.id, seriesId: other.seriesId, tier: 'basic', setByAdminId: admin }), /content_tier_rules_one_target/);
    await refused(() => ContentTierRuleModel.create({ itemId: other.id, tier: 'gold', setByAdminId: admin }), /content_tier_rules_tier_check/);
  });

  it('refuses a featured window whose start is after its end, and a negative order', async () => {
    const one = await item();
    const at = new Date();
    await ContentFeaturedModel.create({ contentItemId: one.id, startDate: at, endDate: at, createdByAdminId: admin });
    await ContentFeaturedModel.create({ contentItemId: one.id, startDate: at, createdByAdminId: admin });
    await refused(
      () => ContentFeaturedModel.create({ contentItemId: one.id, startDate: at, endDate: new Date(at.getTime() - 1), createdByAdminId: admin }),
      /content_featured_window/,
    );
    await refused(() => ContentFeaturedModel.create({ contentItemId: one.id, displayOrder: -1, createdByAdminId: admin }), /content_featured_display_order_check/);
  });

  it('keeps a series while it has items; an item takes its rules, tags, slugs and featured entries with it', async () => {
    const one = await item({ categoryId: (await ContentCategoryModel.create({ name: 'Markets', slug: `markets-${unique()}` })).id });
    const tag = await ContentTagModel.create({ name: 'Banks', slug: `banks-${unique()}` });
    await ContentItemTagModel.create({ itemId: one.id, tagId: tag.id });
    await ContentTierRuleModel.create({ itemId: one.id, tier: 'basic', setByAdminId: admin });
    await ContentItemSlugHistoryModel.create({ slug: `old-${unique()}`, itemId: one.id });
    await ContentFeaturedModel.create({ contentItemId: one.id, createdByAdminId: admin });
    await refused(() => ContentSeriesModel.destroy({ where: { id: one.seriesId } }), /content_items_series_id_fkey/);
    await one.destroy();
    const left = await sql<{ n: number }>(
      `SELECT (SELECT count(*) FROM content_item_tags WHERE item_id = :id) + (SELECT count(*) FROM content_tier_rules WHERE item_id = :id)
            + (SELECT count(*) FROM content_item_slug_history WHERE item_id = :id) + (SELECT count(*) FROM content_featured WHERE content_item_id = :id) AS n`,
      { id: one.id },
    );
    expect(Number(left[0]?.n)).to.equal(0);
    await ContentSeriesModel.destroy({ where: { id: one.seriesId } });
  });

  it('generates the search vector from the title and summary', async () => {
    const one = await item({ title: 'Hydropower rally', summary: 'Turnover doubled' });
    const [found] = await sql<{ id: number }>(`SELECT id FROM content_items WHERE search_vector @@ plainto_tsquery('simple', 'turnover') AND id = :id`, { id: one.id });
    expect(found?.id).to.equal(one.id);
  });

  it('goes down and up again', async function () {
    this.timeout(60_000);
    const url = new URL(TEST_ENV['DATABASE_URL']);
    url.pathname = `${url.pathname}_m19`;
    await ensureDatabase(url.toString());
    const scratch = new Database({ url: url.toString(), pool: { max: 1, min: 0, idleMs: 1_000, acquireMs: 10_000 }, statementTimeoutMs: 0 }, []);
    const context = { sequelize: scratch.sequelize, queryInterface: scratch.sequelize.getQueryInterface() };
    const tables = async () =>
      (await scratch.sequelize.query<{ n: string }>(`SELECT count(*) AS n FROM pg_tables WHERE tablename LIKE 'content\\_%'`, { type: QueryTypes.SELECT }))[0]?.n;
    try {
      for (const migration of MIGRATIONS.slice(0, MIGRATIONS.indexOf(newsletterContent) + 1)) await migration.up(context);
      await scratch.sequelize.query(
        `INSERT INTO content_series (title, slug, created_by_admin_id) VALUES ('x', 'x', 'a');
         INSERT INTO content_items (series_id, title, slug, body, status, published_at, created_by_admin_id) VALUES (1, 'x', 'x', 'x', 'published', now(), 'a');
         INSERT INTO content_tier_rules (item_id, tier, set_by_admin_id) VALUES (1, 'premium', 'a');
         INSERT INTO content_featured (content_item_id, created_by_admin_id) VALUES (1, 'a');`,
      );
      expect(await tables()).to.equal('9');
      await newsletterContent.down(context);
      expect(await tables()).to.equal('0');
      await newsletterContent.up(context);
      expect(await tables()).to.equal('9');
    } finally {
      await scratch.close();
      await dropDatabase(url.toString());
    }
  });
});
