import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { ContentItemModel, ContentItemSlugHistoryModel, ContentItemTagModel, ContentSeriesModel, Database } from '@platform/db';
import { Clock, fixedClock, itemSlugs } from '@platform/domain';
import {
  adminToken,
  buildTestApp,
  createContentCategory,
  createContentItem,
  createContentSeries,
  createContentTag,
  eventually,
  TestApp,
} from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const HOUR = 3_600_000;
const ADMIN_ID = '01900000-0000-7000-8000-00000000c201';

/** Issue 24, CONTRACT section 10: create, read, update and delete newsletter items (admin-api /api/admin/content-items). */
describe('Admin content items: create, read, update, delete (admin-api)', () => {
  let api: TestApp;
  let auth: string;
  let series: ContentSeriesModel;
  // The app Clock: fixed, so "future" and "past" are decided by it, not by the wall clock.
  const clock = { now: new Date() };
  const unique = () => randomBytes(4).toString('hex');

  const create = (body: Record<string, unknown>) => api.http.post('/api/admin/content-items').set('Authorization', auth).send(body);
  const patch = (id: number, body: Record<string, unknown>) =>
    api.http.patch(`/api/admin/content-items/${id}`).set('Authorization', auth).send(body);
  const valid = (extra: Record<string, unknown> = {}) => ({ seriesId: series.id, title: `NEPSE week ${unique()}`, body: 'Banks led.', ...extra });

  before(async () => {
    api = await buildTestApp(createAdminApi);
    api.app.container.set(Clock, fixedClock(clock));
    auth = `Bearer ${adminToken(api.app.container, ['Content_READ', 'Content_CREATE', 'Content_UPDATE', 'Content_DELETE'], ADMIN_ID)}`;
    series = await createContentSeries();
  });

  beforeEach(() => {
    clock.now = new Date();
  });

  describe('POST /api/admin/content-items', () => {
    it('creates a draft with every field, its tags and category, a slug from the title, and answers the admin view', async () => {
      const [category, tagA, tagB] = [await createContentCategory(), await createContentTag(), await createContentTag()];
      const title = `Market Weekly: Banks & Hydro ${unique()}`;
      const res = await create({ ...valid(), title: `  ${title}  `, summary: 'Short.', categoryId: category.id, tagIds: [tagB.id, tagA.id, tagB.id] })
        .expect(201);
      expect(res.body.message).to.equal('Content item created successfully');
      const data = res.body.data;
      expect(data).to.include({
        seriesId: series.id,
        contentType: 'newsletter',
        title,
        summary: 'Short.',
        body: 'Banks led.',
        status: 'draft',
        tier: null,
        itemTier: null,
        scheduledAt: null,
        publishedAt: null,
        archivedAt: null,
        categoryId: category.id,
        createdByAdminId: ADMIN_ID,
        updatedByAdminId: null,
      });
      expect(data.slug).to.equal(title.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
      expect(data.tagIds).to.deep.equal([tagA.id, tagB.id].sort((a, b) => a - b));
      expect(await ContentItemTagModel.count({ where: { itemId: data.id } })).to.equal(2);
      const detail = await api.http.get(`/api/admin/content-items/${data.id}`).set('Authorization', auth).expect(200);
      expect(detail.body.data).to.deep.equal(data);
    });

    it('makes a scheduled item when scheduledAt is in the future by the app Clock, a draft when it is not', async () => {
      clock.now = new Date(Date.UTC(2031, 0, 1, 12));
      const future = await create(valid({ scheduledAt: '2031-01-01T12:00:00.001Z' })).expect(201);
      expect(future.body.data).to.include({ status: 'scheduled', scheduledAt: '2031-01-01T12:00:00.001Z' });
      const now = await create(valid({ scheduledAt: '2031-01-01T12:00:00Z' })).expect(201);
      expect(now.body.data).to.include({ status: 'draft', scheduledAt: '2031-01-01T12:00:00.000Z' });
    });

    it('reads a bare scheduledAt date as the start of that day in Nepal (00:00 UTC+05:45), as a featured start_date', async () => {
      // 20:00 UTC on 31 December is 01:45 on 1 January in Nepal: 1 January has begun there (not yet in UTC).
      clock.now = new Date(Date.UTC(2030, 11, 31, 20));
      const begun = await create(valid({ scheduledAt: '2031-01-01' })).expect(201);
      expect(begun.body.data).to.include({ status: 'draft', scheduledAt: '2030-12-31T18:15:00.000Z' });
      const tomorrow = await create(valid({ scheduledAt: '2031-01-02' })).expect(201);
      expect(tomorrow.body.data).to.include({ status: 'scheduled', scheduledAt: '2031-01-01T18:15:00.000Z' });
      // PATCH reads it the same way.
      const moved = await patch(begun.body.data.id, { scheduledAt: '2031-01-03' }).expect(200);
      expect(moved.body.data).to.include({ status: 'scheduled', scheduledAt: '2031-01-02T18:15:00.000Z' });
    });

    it('takes null for the optional fields as absent', async () => {
      const res = await create(valid({ slug: null, summary: null, scheduledAt: null, categoryId: null, tagIds: null })).expect(201);
      expect(res.body.data).to.include({ summary: null, scheduledAt: null, categoryId: null, status: 'draft' });
      expect(res.body.data.tagIds).to.deep.equal([]);
    });

    it('answers 404 CONTENT_SERIES_NOT_FOUND, CONTENT_CATEGORY_NOT_FOUND and TAG_NOT_FOUND for unknown references, creating nothing', async () => {
      const title = `Orphan ${unique()}`;
      const series404 = await create(valid({ title, seriesId: 2_147_483_000 })).expect(404);
      expect(series404.body).to.deep.equal({ message: 'Content series not found', errorCode: 'CONTENT_SERIES_NOT_FOUND' });
      const category404 = await create(valid({ title, categoryId: 2_147_483_000 })).expect(404);
      expect(category404.body).to.deep.equal({ message: 'Content category 2147483000 not found', errorCode: 'CONTENT_CATEGORY_NOT_FOUND' });
      const tag = await createContentTag();
      const tag404 = await create(valid({ title, tagIds: [tag.id, 2_147_483_001] })).expect(404);
      expect(tag404.body).to.deep.equal({ message: 'Tag 2147483001 not found', errorCode: 'TAG_NOT_FOUND' });
      expect(await ContentItemModel.count({ where: { title } })).to.equal(0);
    });

    it('answers 400 VALIDATION_ERROR naming slug for a reserved slug, and never makes `featured` from a title', async () => {
      const res = await create(valid({ slug: 'featured' })).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      expect(res.body.errors[0]).to.include({ field: 'slug', code: 'notReserved' });
      const fromTitle = await create(valid({ title: 'Featured' })).expect(201);
      expect(fromTitle.body.data.slug).to.match(/^featured-newsletter(-\d+)?$/);
    });

    it('answers 409 CONFLICT for a slug another item holds now or held before', async () => {
      const holder = await createContentItem(series);
      const taken = await create(valid({ slug: holder.slug })).expect(409);
      expect(taken.body).to.deep.equal({ message: `The slug "${holder.slug}" is already in use`, errorCode: 'CONFLICT' });
      const formerSlug = holder.slug;
      await patch(holder.id, { slug: `renamed-${unique()}` }).expect(200);
      const former = await create(valid({ slug: formerSlug })).expect(409);
      expect(former.body.errorCode).to.equal('CONFLICT');
    });

    it('numbers a slug made from a title that is taken', async () => {
      const title = `Same title ${unique()}`;
      const first = await create(valid({ title })).expect(201);
      const second = await create(valid({ title })).expect(201);
      expect(second.body.data.slug).to.equal(`${first.body.data.slug}-2`);
    });

    it('gives one of two concurrent creates with the same slug 201 and the other 409 CONFLICT', async () => {
      const slug = `race-${unique()}`;
      const results = await Promise.all([create(valid({ slug })), create(valid({ slug }))]);
      expect(results.map((res) => res.status).sort()).to.deep.equal([201, 409]);
      expect(await ContentItemModel.count({ where: { slug } })).to.equal(1);
    });

    it('answers 409 CONFLICT naming the slug made from the title when another create commits it while this one waits on the unique key', async () => {
      const tag = unique();
      const slug = `raced-title-${tag}`;
      const db = api.app.container.get(Database);
      const other = await db.sequelize.transaction();
      let pending: Promise<{ status: number; body: { message?: string; errorCode?: string } }> | undefined;
      try {
        await ContentItemModel.create({ seriesId: series.id, title: 'First', slug, body: 'b', status: 'draft', createdByAdminId: 'test-admin' }, { transaction: other });
        pending = create(valid({ title: `Raced title ${tag}` })).then((res) => res);
        await eventually(() => insertWaitsOnLock(db), 8_000, 25);
        await other.commit();
      } catch (error) {
        await other.rollback();
        throw error;
      }
      const res = await pending;
      expect(res.status, JSON.stringify(res.body)).to.equal(409);
      expect(res.body).to.deep.equal({ message: `The slug "${slug}" is already in use`, errorCode: 'CONFLICT' });
    });

    for (const [name, body, field] of [
      ['no seriesId', { seriesId: undefined }, 'seriesId'],
      ['a seriesId that is text', { seriesId: 'one' }, 'seriesId'],
      ['a seriesId of 0', { seriesId: 0 }, 'seriesId'],
      ['no title', { title: undefined }, 'title'],
      ['a blank title', { title: '   ' }, 'title'],
      ['a title of 201 characters', { title: 'x'.repeat(201) }, 'title'],
      ['a title with a control character', { title: 'Bank\u0007s' }, 'title'],
      ['no body', { body: undefined }, 'body'],
      ['a body of white space', { body: ' \n\t ' }, 'body'],
      ['a body of 200,001 characters', { body: 'x'.repeat(200_001) }, 'body'],
      ['a body of 200,001 code points, half of them emoji', { body: '😀'.repeat(100_001) + 'x'.repeat(100_000) }, 'body'],
      ['a body with a NUL', { body: 'a\u0000b' }, 'body'],
      ['a body with a form feed', { body: 'a\u000cb' }, 'body'],
      ['a body with an unpaired surrogate', { body: 'a\ud800b' }, 'body'],
      ['a summary of 1001 characters', { summary: 's'.repeat(1001) }, 'summary'],
      ['a slug with upper case', { slug: 'Bad-Slug' }, 'slug'],
      ['a slug of 121 characters', { slug: 'a'.repeat(121) }, 'slug'],
      ['a scheduledAt that is not an instant', { scheduledAt: '2031-13-01T00:00:00Z' }, 'scheduledAt'],
      ['a scheduledAt in week form', { scheduledAt: '2031-W01-1' }, 'scheduledAt'],
      ['a scheduledAt date that is no day', { scheduledAt: '2031-02-30' }, 'scheduledAt'],
      ['a scheduledAt date in basic form', { scheduledAt: '20310101' }, 'scheduledAt'],
      ['tagIds that is not an array', { tagIds: 5 }, 'tagIds'],
      ['a tag id that is text', { tagIds: ['a'] }, 'tagIds'],
      ['51 tag ids', { tagIds: Array.from({ length: 51 }, (_v, i) => i + 1) }, 'tagIds'],
      ['a categoryId above the integer range', { categoryId: 2_147_483_648 }, 'categoryId'],
    ] as const) {
      it(`answers 400 VALIDATION_ERROR naming ${field} for ${name}`, async () => {
        const res = await create({ ...valid(), ...body });
        expect(res.status, JSON.stringify(res.body)).to.equal(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
        expect(res.body.errors.map((error: { field: string }) => error.field)).to.include(field);
      });
    }

    it('takes a body of exactly 200,000 code points (emoji count once), a 200-character title and a 1000-character summary', async () => {
      const body = '😀'.repeat(100_000) + 'x'.repeat(100_000);
      const res = await create(valid({ title: 't'.repeat(200), summary: 's'.repeat(1000), body })).expect(201);
      expect(res.body.data.body).to.equal(body);
    });

    it('keeps newlines, carriage returns and tabs in a body', async () => {
      const body = 'Line one\r\nLine two\n\tIndented';
      const res = await create(valid({ body })).expect(201);
      expect(res.body.data.body).to.equal(body);
    });
  });

  describe('GET /api/admin/content-items/:id', () => {
    it('answers an item of any status, with its effective and own tier', async () => {
      const premiumSeries = await createContentSeries({ tier: 'premium' });
      const item = await createContentItem(premiumSeries, { status: 'archived' });
      const res = await api.http.get(`/api/admin/content-items/${item.id}`).set('Authorization', auth).expect(200);
      expect(res.body.data).to.include({ id: item.id, status: 'archived', tier: 'premium', itemTier: null });
    });

    it('answers 404 CONTENT_NOT_FOUND for an unknown id (beyond the integer range too) and 400 for a non-numeric one', async () => {
      for (const id of ['2147483000', '99999999999']) {
        const res = await api.http.get(`/api/admin/content-items/${id}`).set('Authorization', auth).expect(404);
        expect(res.body).to.deep.equal({ message: 'Content not found', errorCode: 'CONTENT_NOT_FOUND' });
      }
      for (const id of ['abc', '0', '01']) {
        const res = await api.http.get(`/api/admin/content-items/${id}`).set('Authorization', auth).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      }
    });
  });

  describe('PATCH /api/admin/content-items/:id', () => {
    it('changes the given fields only, records the admin, and replaces the tag set', async () => {
      const [tagA, tagB, tagC] = [await createContentTag(), await createContentTag(), await createContentTag()];
      const category = await createContentCategory();
      const other = await createContentSeries();
      const item = await createContentItem(series, { status: 'draft', tagIds: [tagA.id, tagB.id], categoryId: category.id });
      const res = await patch(item.id, { title: 'New title', seriesId: other.id, tagIds: [tagC.id, tagB.id] }).expect(200);
      expect(res.body.message).to.equal('Content item updated successfully');
      expect(res.body.data).to.include({ title: 'New title', seriesId: other.id, body: item.body, summary: item.summary, categoryId: category.id });
      expect(res.body.data.updatedByAdminId).to.equal(ADMIN_ID);
      expect(res.body.data.tagIds).to.deep.equal([tagB.id, tagC.id].sort((a, b) => a - b));
      const cleared = await patch(item.id, { summary: null, categoryId: null, tagIds: [] }).expect(200);
      expect(cleared.body.data).to.include({ summary: null, categoryId: null, title: 'New title' });
      expect(cleared.body.data.tagIds).to.deep.equal([]);
    });

    it('keeps a former slug resolving to the item after a rename, and renaming back works', async () => {
      const item = await createContentItem(series, { status: 'draft' });
      const first = item.slug;
      const second = `second-${unique()}`;
      await patch(item.id, { slug: second }).expect(200);
      expect((await itemSlugs.resolve(first))?.id).to.equal(item.id);
      expect((await itemSlugs.resolve(second))?.id).to.equal(item.id);
      expect(await ContentItemSlugHistoryModel.count({ where: { itemId: item.id } })).to.equal(1);
      const back = await patch(item.id, { slug: first }).expect(200);
      expect(back.body.data.slug).to.equal(first);
      expect((await itemSlugs.resolve(second))?.id).to.equal(item.id);
      // The same slug again changes nothing.
      await patch(item.id, { slug: first }).expect(200);
    });

    it('answers 409 CONFLICT for a slug another item holds or held, and 400 for `featured`', async () => {
      const [mine, other] = [await createContentItem(series), await createContentItem(series)];
      expect((await patch(mine.id, { slug: other.slug }).expect(409)).body.errorCode).to.equal('CONFLICT');
      const otherFormer = other.slug;
      await patch(other.id, { slug: `moved-${unique()}` }).expect(200);
      expect((await patch(mine.id, { slug: otherFormer }).expect(409)).body.errorCode).to.equal('CONFLICT');
      const reserved = await patch(mine.id, { slug: 'featured' }).expect(400);
      expect(reserved.body.errors[0]).to.include({ field: 'slug' });
    });

    it('moves a draft to scheduled and back by scheduledAt, by the app Clock', async () => {
      clock.now = new Date(Date.UTC(2032, 5, 1));
      const item = await createContentItem(series, { status: 'draft' });
      const scheduled = await patch(item.id, { scheduledAt: '2032-06-02T00:00:00Z' }).expect(200);
      expect(scheduled.body.data).to.include({ status: 'scheduled', scheduledAt: '2032-06-02T00:00:00.000Z' });
      const past = await patch(item.id, { scheduledAt: '2032-05-31T00:00:00Z' }).expect(200);
      expect(past.body.data).to.include({ status: 'draft', scheduledAt: '2032-05-31T00:00:00.000Z' });
      await patch(item.id, { scheduledAt: '2032-06-02T00:00:00Z' }).expect(200);
      const cleared = await patch(item.id, { scheduledAt: null }).expect(200);
      expect(cleared.body.data).to.include({ status: 'draft', scheduledAt: null });
      // Other fields leave the status alone.
      await patch(item.id, { scheduledAt: '2032-06-02T00:00:00Z' }).expect(200);
      clock.now = new Date(Date.UTC(2032, 5, 3));
      expect((await patch(item.id, { title: 'Still scheduled' }).expect(200)).body.data.status).to.equal('scheduled');
    });

    it('refuses to reschedule a published or archived item with 400 CONTENT_STATUS_INVALID, and edits their other fields', async () => {
      const published = await createContentItem(series, { status: 'published' });
      const res = await patch(published.id, { scheduledAt: new Date(Date.now() + HOUR).toISOString() }).expect(400);
      expect(res.body).to.deep.equal({ message: 'A published item cannot be rescheduled: unpublish it first', errorCode: 'CONTENT_STATUS_INVALID' });
      expect((await patch(published.id, { scheduledAt: null, title: 'Same schedule' }).expect(200)).body.data).to.include({ status: 'published', title: 'Same schedule' });
      const archived = await createContentItem(series, { status: 'archived' });
      expect((await patch(archived.id, { scheduledAt: '2030-01-01' }).expect(400)).body.errorCode).to.equal('CONTENT_STATUS_INVALID');
      expect((await patch(archived.id, { body: 'Edited' }).expect(200)).body.data).to.include({ status: 'archived', body: 'Edited' });
    });

    it('answers 404 for unknown references and an unknown item, 400 for an empty body or a bad field', async () => {
      const item = await createContentItem(series);
      expect((await patch(item.id, { seriesId: 2_147_483_000 }).expect(404)).body.errorCode).to.equal('CONTENT_SERIES_NOT_FOUND');
      expect((await patch(item.id, { categoryId: 2_147_483_000 }).expect(404)).body.errorCode).to.equal('CONTENT_CATEGORY_NOT_FOUND');
      expect((await patch(item.id, { tagIds: [2_147_483_000] }).expect(404)).body.errorCode).to.equal('TAG_NOT_FOUND');
      expect((await patch(2_147_483_000, { title: 'x' }).expect(404)).body.errorCode).to.equal('CONTENT_NOT_FOUND');
      expect((await patch(item.id, {}).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      for (const body of [{ title: null }, { body: null }, { seriesId: null }, { slug: null }, { tagIds: null }, { body: '' }, { title: 5 }]) {
        const res = await patch(item.id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      }
      await item.reload();
      expect(item.title).to.not.equal('x');
    });
  });

  describe('DELETE /api/admin/content-items/:id', () => {
    it('deletes an item of any status with its tags, tier rule and former slugs; its slugs become free', async () => {
      const tag = await createContentTag();
      const item = await createContentItem(series, { status: 'published', tier: 'basic', tagIds: [tag.id] });
      const former = item.slug;
      const current = `current-${unique()}`;
      await patch(item.id, { slug: current }).expect(200);
      const res = await api.http.delete(`/api/admin/content-items/${item.id}`).set('Authorization', auth).expect(200);
      expect(res.body).to.deep.equal({ message: 'Content item deleted successfully', data: { id: item.id } });
      expect(await ContentItemModel.findByPk(item.id)).to.equal(null);
      expect(await ContentItemTagModel.count({ where: { itemId: item.id } })).to.equal(0);
      expect(await itemSlugs.resolve(former)).to.equal(undefined);
      await create(valid({ slug: former })).expect(201);
      await create(valid({ slug: current })).expect(201);
      const again = await api.http.delete(`/api/admin/content-items/${item.id}`).set('Authorization', auth).expect(404);
      expect(again.body.errorCode).to.equal('CONTENT_NOT_FOUND');
    });
  });
});

/** Whether an INSERT into content_items waits on a lock in this run's database. */
async function insertWaitsOnLock(db: Database): Promise<boolean> {
  const rows = await db.sequelize.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO "content_items"%'`,
    { type: QueryTypes.SELECT },
  );
  return rows[0].n > 0;
}
