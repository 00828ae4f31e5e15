import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import {
  ContentFeaturedModel,
  ContentItemModel,
  ContentItemSlugHistoryModel,
  ContentItemTagModel,
  ContentSeriesModel,
  ContentSeriesSlugHistoryModel,
  ContentTierRuleModel,
  Database,
} from '@platform/db';
import { adminToken, buildTestApp, createContentItem, createContentSeries, createContentTag, eventually, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/**
 * DELETE /api/admin/content-series/:id (issue 24: "a series with published items cannot be
 * deleted: 409"): the series goes with its unpublished items, never from under a published one,
 * even when an item is published while the delete runs.
 */
describe('Admin content series: delete (admin-api)', () => {
  let api: TestApp;
  let auth: string;
  let db: Database;

  const remove = (id: number | string) => api.http.delete(`/api/admin/content-series/${id}`).set('Authorization', auth);

  /** What an item publish does to the row (C2's publish use case writes the same under the item's row lock). */
  const PUBLISH_SQL = `UPDATE content_items SET status = 'published', published_at = now(), scheduled_at = NULL
                        WHERE id = :id AND status IN ('draft', 'scheduled') RETURNING id`;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, ['ContentSeries_READ', 'ContentSeries_DELETE'])}`;
    db = api.app.container.get(Database);
  });

  it('deletes a series with its draft, scheduled and archived items and everything hanging off them', async () => {
    const series = await createContentSeries({ tier: 'basic' });
    const tag = await createContentTag();
    const draft = await createContentItem(series, { status: 'draft', tier: 'premium', tagIds: [tag.id] });
    await createContentItem(series, { status: 'scheduled' });
    await createContentItem(series, { status: 'archived' });
    await ContentItemSlugHistoryModel.create({ slug: `${draft.slug}-old`, itemId: draft.id });
    await ContentSeriesSlugHistoryModel.create({ slug: `${series.slug}-old`, seriesId: series.id });
    await ContentFeaturedModel.create({ contentItemId: draft.id, displayOrder: 0, createdByAdminId: 'test-admin' });
    const other = await createContentItem(await createContentSeries());

    const res = await remove(series.id).expect(200);
    expect(res.body).to.deep.equal({ message: 'Series deleted successfully', data: { id: series.id, deletedItemCount: 3 } });
    expect(await ContentSeriesModel.findByPk(series.id)).to.equal(null);
    expect(await ContentItemModel.count({ where: { seriesId: series.id } })).to.equal(0);
    expect(await ContentItemTagModel.count({ where: { itemId: draft.id } })).to.equal(0);
    expect(await ContentTierRuleModel.count({ where: { seriesId: series.id } })).to.equal(0);
    expect(await ContentTierRuleModel.count({ where: { itemId: draft.id } })).to.equal(0);
    expect(await ContentFeaturedModel.count({ where: { contentItemId: draft.id } })).to.equal(0);
    expect(await ContentSeriesSlugHistoryModel.findByPk(`${series.slug}-old`)).to.equal(null);
    expect(await ContentItemModel.findByPk(other.id)).to.not.equal(null);

    expect((await remove(series.id).expect(404)).body.errorCode).to.equal('CONTENT_SERIES_NOT_FOUND');
  });

  it('deletes an empty series', async () => {
    const series = await createContentSeries();
    expect((await remove(series.id).expect(200)).body.data).to.deep.equal({ id: series.id, deletedItemCount: 0 });
  });

  it('answers 409 CONFLICT for a series with a published item and deletes nothing', async () => {
    const series = await createContentSeries();
    const published = await createContentItem(series, { status: 'published' });
    const draft = await createContentItem(series, { status: 'draft' });
    const res = await remove(series.id).expect(409);
    expect(res.body).to.deep.equal({
      message: 'This series has published items: unpublish or archive them before deleting it',
      errorCode: 'CONFLICT',
    });
    expect(await ContentSeriesModel.findByPk(series.id)).to.not.equal(null);
    expect(await ContentItemModel.count({ where: { id: [published.id, draft.id] } })).to.equal(2);
  });

  it('answers 404 CONTENT_SERIES_NOT_FOUND for an unknown id and 400 VALIDATION_ERROR for one that is not a positive integer', async () => {
    expect((await remove(2147483000).expect(404)).body.errorCode).to.equal('CONTENT_SERIES_NOT_FOUND');
    for (const id of ['1x', '0', '01']) expect((await remove(id).expect(400)).body.errorCode, id).to.equal('VALIDATION_ERROR');
  });

  it('answers 409 when an item is published while the delete waits for its row, and keeps the series and the item', async () => {
    const series = await createContentSeries();
    const item = await createContentItem(series, { status: 'draft' });
    const publishing = await db.sequelize.transaction();
    let deleting: Promise<{ status: number; body: { errorCode?: string } }> | undefined;
    try {
      // The publish holds the item's row (updated, not committed) when the delete reaches it.
      await db.sequelize.query(PUBLISH_SQL, { replacements: { id: item.id }, transaction: publishing });
      deleting = remove(series.id).then((res) => res);
      await eventually(() => deleteWaitsForItems(series.id), 8_000, 25);
      await publishing.commit();
    } catch (error) {
      await publishing.rollback();
      throw error;
    }
    const res = await deleting;
    expect(res.status, JSON.stringify(res.body)).to.equal(409);
    expect(res.body.errorCode).to.equal('CONFLICT');
    expect(await ContentSeriesModel.findByPk(series.id)).to.not.equal(null);
    expect((await ContentItemModel.findByPk(item.id))?.status).to.equal('published');
  });

  it('lets exactly one of a delete and a concurrent publish win, never leaving a published item without its series', async () => {
    for (let round = 0; round < 16; round++) {
      const series = await createContentSeries();
      const item = await createContentItem(series, { status: round % 2 ? 'draft' : 'scheduled' });
      // Staggered so that some rounds publish before the delete runs and some after it.
      const publish = sleep(round).then(() =>
        db.transaction((tx) =>
          db.sequelize.query<{ id: number }>(PUBLISH_SQL, { replacements: { id: item.id }, type: QueryTypes.SELECT, transaction: tx }),
        ),
      );
      const [deleted, published] = await Promise.all([remove(series.id), publish]);
      const seriesLeft = await ContentSeriesModel.findByPk(series.id);
      const itemLeft = await ContentItemModel.findByPk(item.id);
      if (deleted.status === 200) {
        expect(published, `round ${round}`).to.have.length(0);
        expect(seriesLeft, `round ${round}`).to.equal(null);
        expect(itemLeft, `round ${round}`).to.equal(null);
      } else {
        expect(deleted.status, `round ${round}: ${JSON.stringify(deleted.body)}`).to.equal(409);
        expect(published, `round ${round}`).to.have.length(1);
        expect(seriesLeft, `round ${round}`).to.not.equal(null);
        expect(itemLeft?.status, `round ${round}`).to.equal('published');
      }
    }
  });

  /** Whether the delete's item statement is waiting on a row lock (sequelize inlines the series id in its text). */
  async function deleteWaitsForItems(seriesId: number): Promise<boolean> {
    const rows = await db.sequelize.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'
          AND query LIKE 'DELETE FROM content_items WHERE series_id = ' || :seriesId || ' %'`,
      { replacements: { seriesId }, type: QueryTypes.SELECT },
    );
    return rows[0].n > 0;
  }
});
