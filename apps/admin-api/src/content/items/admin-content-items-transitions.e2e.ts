import { expect } from 'chai';
import { ContentItemModel, ContentSeriesModel, ContentTierRuleModel, Database } from '@platform/db';
import { Clock, fixedClock } from '@platform/domain';
import { adminToken, buildTestApp, createContentItem, createContentSeries, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const HOUR = 3_600_000;
const ADMIN_ID = '01900000-0000-7000-8000-00000000c202';

/**
 * Issue 24, community-content-uploads.md "Newsletter item": publish, unpublish, archive and the
 * item tier, each under the item's row lock, answering the admin view; migration 0019's CHECKs
 * tie publishedAt, scheduledAt and archivedAt to the status.
 */
describe('Admin content item transitions and tier (admin-api)', () => {
  let api: TestApp;
  let auth: string;
  let series: ContentSeriesModel;
  // The app Clock: fixed, or (ticking > 0) a millisecond later on every read, so two requests never share a "now".
  let ticking = 0;
  const clock = {
    fixed: new Date(),
    get now(): Date {
      return ticking > 0 ? new Date(this.fixed.getTime() + ticking++) : this.fixed;
    },
    set now(at: Date) {
      this.fixed = at;
    },
  };

  const move = (id: number, action: 'publish' | 'unpublish' | 'archive') =>
    api.http.post(`/api/admin/content-items/${id}/${action}`).set('Authorization', auth);
  const setTier = (id: number, body: unknown) =>
    api.http.post(`/api/admin/content-items/${id}/tier`).set('Authorization', auth).send(body as object);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    api.app.container.set(Clock, fixedClock(clock));
    auth = `Bearer ${adminToken(api.app.container, ['Content_UPDATE'], ADMIN_ID)}`;
    series = await createContentSeries();
  });

  beforeEach(() => {
    ticking = 0;
    clock.now = new Date(Date.now() - 10_000);
  });

  describe('PATCH with an unchanged scheduledAt', () => {
    it('leaves a scheduled item whose time has passed scheduled (the job publishes it), as a form sending every field back does', async () => {
      const due = new Date(clock.now.getTime() - HOUR);
      const item = await createContentItem(series, { status: 'scheduled', scheduledAt: due });
      const auth2 = `Bearer ${adminToken(api.app.container, ['Content_UPDATE', 'Content_READ'], ADMIN_ID)}`;
      const res = await api.http
        .patch(`/api/admin/content-items/${item.id}`)
        .set('Authorization', auth2)
        .send({ title: 'Edited title', scheduledAt: due.toISOString() })
        .expect(200);
      expect(res.body.data).to.include({ title: 'Edited title', status: 'scheduled', scheduledAt: due.toISOString() });
      // A changed time is still judged by the app Clock: a past one makes a draft.
      const moved = await api.http
        .patch(`/api/admin/content-items/${item.id}`)
        .set('Authorization', auth2)
        .send({ scheduledAt: new Date(due.getTime() - HOUR).toISOString() })
        .expect(200);
      expect(moved.body.data).to.include({ status: 'draft' });
    });
  });

  describe('POST .../publish', () => {
    it('publishes a draft now by the app Clock, recording the admin', async () => {
      const item = await createContentItem(series, { status: 'draft' });
      const res = await move(item.id, 'publish').expect(200);
      expect(res.body.message).to.equal('Content item published');
      expect(res.body.data).to.include({ id: item.id, status: 'published', publishedAt: clock.now.toISOString(), updatedByAdminId: ADMIN_ID });
    });

    it('publishes a scheduled item whose scheduledAt has come (exactly now too), keeping scheduledAt', async () => {
      const item = await createContentItem(series, { status: 'scheduled', scheduledAt: clock.now });
      const res = await move(item.id, 'publish').expect(200);
      expect(res.body.data).to.include({ status: 'published', scheduledAt: clock.now.toISOString(), publishedAt: clock.now.toISOString() });
    });

    it('refuses an item with a future scheduledAt: 400 CONTENT_STATUS_INVALID, and publishes it once scheduledAt is cleared', async () => {
      const scheduledAt = new Date(clock.now.getTime() + 1);
      const item = await createContentItem(series, { status: 'scheduled', scheduledAt });
      const res = await move(item.id, 'publish').expect(400);
      expect(res.body.errorCode).to.equal('CONTENT_STATUS_INVALID');
      expect(res.body.message).to.contain(scheduledAt.toISOString());
      await item.reload();
      expect(item.status).to.equal('scheduled');
      // A draft with a future scheduledAt (stored by hand) is refused the same way.
      const draft = await createContentItem(series, { status: 'draft', scheduledAt: new Date(clock.now.getTime() + HOUR) });
      expect((await move(draft.id, 'publish').expect(400)).body.errorCode).to.equal('CONTENT_STATUS_INVALID');
      await api.http.patch(`/api/admin/content-items/${item.id}`).set('Authorization', `Bearer ${adminToken(api.app.container, ['Content_UPDATE'])}`)
        .send({ scheduledAt: null }).expect(200);
      expect((await move(item.id, 'publish').expect(200)).body.data.status).to.equal('published');
    });

    it('refuses an archived item: 400 CONTENT_ARCHIVED_NOT_PUBLISHABLE', async () => {
      const item = await createContentItem(series, { status: 'archived' });
      const res = await move(item.id, 'publish').expect(400);
      expect(res.body).to.deep.equal({ message: 'An archived item cannot be published again', errorCode: 'CONTENT_ARCHIVED_NOT_PUBLISHABLE' });
      await item.reload();
      expect(item).to.include({ status: 'archived', publishedAt: null });
    });

    it('answers a published item unchanged (200), keeping its publishedAt', async () => {
      const publishedAt = new Date(Date.UTC(2024, 1, 1));
      const item = await createContentItem(series, { status: 'published', publishedAt });
      const res = await move(item.id, 'publish').expect(200);
      expect(res.body.data).to.include({ status: 'published', publishedAt: publishedAt.toISOString(), updatedByAdminId: null });
    });

    it('publishes once under two concurrent requests: the second waits for the first and answers its publishedAt', async () => {
      const item = await createContentItem(series, { status: 'draft' });
      ticking = 1;
      const [first, second] = await Promise.all([move(item.id, 'publish'), move(item.id, 'publish')]);
      expect([first.status, second.status]).to.deep.equal([200, 200]);
      expect(first.body.data.publishedAt).to.equal(second.body.data.publishedAt);
    });
  });

  describe('POST .../unpublish', () => {
    it('moves a published item to draft, clearing publishedAt', async () => {
      const item = await createContentItem(series, { status: 'published' });
      const res = await move(item.id, 'unpublish').expect(200);
      expect(res.body.message).to.equal('Content item unpublished');
      expect(res.body.data).to.include({ status: 'draft', publishedAt: null, scheduledAt: null, updatedByAdminId: ADMIN_ID });
    });

    it('moves a scheduled item to draft, taking it off the schedule', async () => {
      const item = await createContentItem(series, { status: 'scheduled', scheduledAt: new Date(clock.now.getTime() + HOUR) });
      const res = await move(item.id, 'unpublish').expect(200);
      expect(res.body.data).to.include({ status: 'draft', scheduledAt: null, publishedAt: null });
    });

    it('answers a draft unchanged, and refuses an archived item with 400 CONTENT_STATUS_INVALID', async () => {
      const draft = await createContentItem(series, { status: 'draft' });
      expect((await move(draft.id, 'unpublish').expect(200)).body.data).to.include({ status: 'draft', updatedByAdminId: null });
      const archived = await createContentItem(series, { status: 'archived' });
      const res = await move(archived.id, 'unpublish').expect(400);
      expect(res.body).to.deep.equal({ message: 'An archived item cannot be unpublished', errorCode: 'CONTENT_STATUS_INVALID' });
    });
  });

  describe('POST .../archive', () => {
    for (const status of ['draft', 'scheduled', 'published'] as const) {
      it(`archives a ${status} item: archivedAt now, publishedAt cleared`, async () => {
        const item = await createContentItem(series, { status });
        const res = await move(item.id, 'archive').expect(200);
        expect(res.body.message).to.equal('Content item archived');
        expect(res.body.data).to.include({ status: 'archived', archivedAt: clock.now.toISOString(), publishedAt: null });
      });
    }

    it('is idempotent: an archived item keeps its archivedAt', async () => {
      const item = await createContentItem(series, { status: 'draft' });
      const first = await move(item.id, 'archive').expect(200);
      clock.now = new Date(clock.now.getTime() + HOUR);
      const second = await move(item.id, 'archive').expect(200);
      expect(second.body.data.archivedAt).to.equal(first.body.data.archivedAt);
      // …and it can never be published again.
      expect((await move(item.id, 'publish').expect(400)).body.errorCode).to.equal('CONTENT_ARCHIVED_NOT_PUBLISHABLE');
    });
  });

  describe('every move keeps the status CHECKs', () => {
    it('stores exactly the times each status carries after publish, unpublish and archive', async () => {
      const item = await createContentItem(series, { status: 'draft' });
      for (const action of ['publish', 'unpublish', 'publish', 'archive'] as const) await move(item.id, action).expect(200);
      const rows = await api.app.container.get(Database).sequelize.query(
        `SELECT count(*)::int AS bad FROM content_items
          WHERE id = :id AND NOT ((status = 'published') = (published_at IS NOT NULL) AND (status = 'archived') = (archived_at IS NOT NULL))`,
        { replacements: { id: item.id }, plain: true },
      );
      expect(rows).to.deep.equal({ bad: 0 });
    });

    it('the database refuses a published item without publishedAt and an archived one without archivedAt', async () => {
      const item = await createContentItem(series, { status: 'draft' });
      await expectRefused(ContentItemModel.update({ status: 'published' }, { where: { id: item.id } }), 'content_items_published_at');
      await expectRefused(ContentItemModel.update({ status: 'archived' }, { where: { id: item.id } }), 'content_items_archived_at');
      await expectRefused(ContentItemModel.update({ status: 'scheduled', scheduledAt: null }, { where: { id: item.id } }), 'content_items_scheduled_at');
    });
  });

  describe('POST .../tier', () => {
    it('documents the body as { tier } required, basic or premium or null, for items and series alike', async () => {
      const document = (await api.http.get('/openapi.json').expect(200)).body;
      for (const path of ['/api/admin/content-items/{id}/tier', '/api/admin/content-series/{id}/tier']) {
        const ref = document.paths[path].post.requestBody.content['application/json'].schema.$ref;
        expect(ref, path).to.equal('#/components/schemas/SetContentTierDto');
      }
      const schema = document.components.schemas.SetContentTierDto;
      expect(schema.required).to.deep.equal(['tier']);
      expect(schema.properties.tier).to.include({ type: 'string', nullable: true });
      expect(schema.properties.tier.enum).to.deep.equal(['basic', 'premium', null]);
    });

    it('sets, changes and removes the item\'s own rule; the item rule wins over the series\' and null follows the series again', async () => {
      const basicSeries = await createContentSeries({ tier: 'basic' });
      const item = await createContentItem(basicSeries, { status: 'draft' });
      const premium = await setTier(item.id, { tier: 'premium' }).expect(200);
      expect(premium.body.message).to.equal('Content item tier updated');
      expect(premium.body.data).to.include({ tier: 'premium', itemTier: 'premium', updatedByAdminId: ADMIN_ID });
      const basic = await setTier(item.id, { tier: 'basic' }).expect(200);
      expect(basic.body.data).to.include({ tier: 'basic', itemTier: 'basic' });
      const rules = await ContentTierRuleModel.findAll({ where: { itemId: item.id } });
      expect(rules.map((rule) => [rule.tier, rule.setByAdminId])).to.deep.equal([['basic', ADMIN_ID]]);
      const removed = await setTier(item.id, { tier: null }).expect(200);
      expect(removed.body.data).to.include({ tier: 'basic', itemTier: null });
      expect(await ContentTierRuleModel.count({ where: { itemId: item.id } })).to.equal(0);
      expect((await setTier(item.id, { tier: null }).expect(200)).body.data).to.include({ itemTier: null });
      const free = await createContentItem(series, { status: 'published' });
      expect((await setTier(free.id, { tier: null }).expect(200)).body.data).to.include({ tier: null, itemTier: null });
    });

    it('keeps one rule per item under concurrent sets', async () => {
      const item = await createContentItem(series);
      const results = await Promise.all([setTier(item.id, { tier: 'basic' }), setTier(item.id, { tier: 'premium' }), setTier(item.id, { tier: 'basic' })]);
      expect(results.map((res) => res.status)).to.deep.equal([200, 200, 200]);
      expect(await ContentTierRuleModel.count({ where: { itemId: item.id } })).to.equal(1);
    });

    it('answers 400 VALIDATION_ERROR for a missing or unknown tier, 404 CONTENT_NOT_FOUND for an unknown item', async () => {
      const item = await createContentItem(series);
      for (const body of [{}, { tier: 'gold' }, { tier: 'free' }, { tier: 1 }]) {
        const res = await setTier(item.id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      }
      expect((await setTier(2_147_483_000, { tier: 'basic' }).expect(404)).body.errorCode).to.equal('CONTENT_NOT_FOUND');
    });
  });

  for (const action of ['publish', 'unpublish', 'archive'] as const) {
    it(`POST .../${action} answers 404 CONTENT_NOT_FOUND for an unknown item`, async () => {
      const res = await move(2_147_483_000, action).expect(404);
      expect(res.body).to.deep.equal({ message: 'Content not found', errorCode: 'CONTENT_NOT_FOUND' });
    });
  }
});

async function expectRefused(write: Promise<unknown>, constraint: string): Promise<void> {
  try {
    await write;
  } catch (error) {
    expect((error as { parent?: { constraint?: string } }).parent?.constraint).to.equal(constraint);
    return;
  }
  expect.fail(`the write passed ${constraint}`);
}
