import { expect } from 'chai';
import { ContentFeaturedModel } from '@platform/db';
import { Clock, fixedClock } from '@platform/domain';
import { adminToken, buildTestApp, createContentItem, createContentSeries, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const BASE = '/api/admin/content-featured';

/** Admin CRUD of featured entries (CONTRACT §10 bodies; community-content-uploads.md "Errors → Newsletter content"). */
describe('Admin featured content: create, read, update, delete (admin-api)', () => {
  const clock = { now: new Date('2031-05-06T07:08:09.000Z') };
  const ADMIN_ID = '01900000-0000-7000-8000-00000000c4c4';
  let api: TestApp;
  let all: string;

  const post = (body: unknown) => api.http.post(BASE).set('Authorization', all).send(body as object);
  const patch = (id: number | string, body: unknown) => api.http.patch(`${BASE}/${id}`).set('Authorization', all).send(body as object);
  const get = (id: number | string) => api.http.get(`${BASE}/${id}`).set('Authorization', all);
  const newItem = async (options: Parameters<typeof createContentItem>[1] = {}) => createContentItem(await createContentSeries(), options);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    api.app.container.set(Clock, fixedClock(clock));
    all = `Bearer ${adminToken(api.app.container, ['Content_READ', 'Content_CREATE', 'Content_UPDATE', 'Content_DELETE'], ADMIN_ID)}`;
  });

  describe('POST', () => {
    it('features an item with a window and an order and answers 201 with the entry and the item summary', async () => {
      const item = await newItem({ status: 'draft' });
      const res = await post({ content_item_id: item.id, start_date: '2031-06-01T00:00:00Z', end_date: '2031-06-30T12:00:00+05:45', display_order: 7 }).expect(201);
      expect(res.body.message).to.equal('Featured entry created successfully');
      expect(res.body.data).to.deep.equal({
        id: res.body.data.id,
        contentItemId: item.id,
        start_date: '2031-06-01T00:00:00.000Z',
        end_date: '2031-06-30T06:15:00.000Z',
        displayOrder: 7,
        createdByAdminId: ADMIN_ID,
        createdAt: clock.now.toISOString(),
        updatedAt: clock.now.toISOString(),
        item: { id: item.id, slug: item.slug, title: item.title, status: 'draft' },
      });
      const row = await ContentFeaturedModel.findByPk(res.body.data.id);
      expect(row?.contentItemId).to.equal(item.id);
    });

    it('reads a bare date as a day in Nepal: start_date its first instant, end_date its last', async () => {
      const item = await newItem();
      const res = await post({ content_item_id: item.id, start_date: '2031-03-01', end_date: '2031-03-01' }).expect(201);
      expect(res.body.data.start_date).to.equal('2031-02-28T18:15:00.000Z');
      expect(res.body.data.end_date).to.equal('2031-03-01T18:14:59.999Z');
    });

    it('leaves the window open without dates (null) and puts the entry after the last one without display_order', async () => {
      const item = await newItem();
      const first = (await post({ content_item_id: item.id, start_date: null }).expect(201)).body.data;
      expect(first).to.include({ start_date: null, end_date: null });
      const highest = (await ContentFeaturedModel.max<number, ContentFeaturedModel>('displayOrder')) ?? 0;
      expect(first.displayOrder).to.equal(highest);
      const second = (await post({ content_item_id: item.id }).expect(201)).body.data;
      expect(second.displayOrder).to.equal(first.displayOrder + 1);
    });

    it('answers 404 CONTENT_NOT_FOUND for an unknown item, also one beyond the id range', async () => {
      for (const id of [2_147_483_000, 2_147_483_648, 99_999_999_999]) {
        const res = await post({ content_item_id: id }).expect(404);
        expect(res.body).to.deep.equal({ message: 'Content not found', errorCode: 'CONTENT_NOT_FOUND' });
      }
    });

    it('answers 400 FEATURED_CONTENT_INVALID_DATE_RANGE when start is after end, and accepts start equal to end', async () => {
      const item = await newItem();
      const res = await post({ content_item_id: item.id, start_date: '2031-06-02T00:00:00Z', end_date: '2031-06-01T23:59:59Z' }).expect(400);
      expect(res.body.errorCode).to.equal('FEATURED_CONTENT_INVALID_DATE_RANGE');
      // A day's start is after the previous day's end, though the two dates are adjacent.
      const days = await post({ content_item_id: item.id, start_date: '2031-06-02', end_date: '2031-06-01' }).expect(400);
      expect(days.body.errorCode).to.equal('FEATURED_CONTENT_INVALID_DATE_RANGE');
      await post({ content_item_id: item.id, start_date: '2031-06-01T10:00:00Z', end_date: '2031-06-01T10:00:00Z' }).expect(201);
    });

    const BAD: Array<[string, Record<string, unknown>, string]> = [
      ['no content_item_id', {}, 'content_item_id'],
      ['a string content_item_id', { content_item_id: '5' }, 'content_item_id'],
      ['content_item_id 0', { content_item_id: 0 }, 'content_item_id'],
      ['a fractional content_item_id', { content_item_id: 1.5 }, 'content_item_id'],
      ['a negative display_order', { content_item_id: 1, display_order: -1 }, 'display_order'],
      ['a fractional display_order', { content_item_id: 1, display_order: 0.5 }, 'display_order'],
      ['a display_order above the bound', { content_item_id: 1, display_order: 1_000_001 }, 'display_order'],
      ['a null display_order', { content_item_id: 1, display_order: null }, 'display_order'],
      ['a start_date that is no date', { content_item_id: 1, start_date: 'tomorrow' }, 'start_date'],
      ['an impossible end_date', { content_item_id: 1, end_date: '2031-02-30' }, 'end_date'],
      ['a date-time without an offset', { content_item_id: 1, end_date: '2031-02-03T10:00:00' }, 'end_date'],
      ['a numeric start_date', { content_item_id: 1, start_date: 1_900_000_000_000 }, 'start_date'],
    ];
    for (const [name, body, field] of BAD) {
      it(`answers 400 VALIDATION_ERROR naming ${field} for ${name}`, async () => {
        const res = await post(body).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
        expect(res.body.errors.map((e: { field: string }) => e.field)).to.include(field);
      });
    }

    it('answers 400 VALIDATION_ERROR for a body that is not an object', async () => {
      const res = await api.http.post(BASE).set('Authorization', all).set('Content-Type', 'application/json').send('[1]').expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    });
  });

  describe('GET /:id', () => {
    it('answers the entry', async () => {
      const item = await newItem();
      const created = (await post({ content_item_id: item.id, end_date: '2031-07-01T00:00:00Z' }).expect(201)).body.data;
      const res = await get(created.id).expect(200);
      expect(res.body.data).to.deep.equal(created);
    });

    it('answers 404 FEATURED_CONTENT_NOT_FOUND for an unknown id, also one beyond the id range', async () => {
      for (const id of [2_147_483_000, 2_147_483_648]) {
        const res = await get(id).expect(404);
        expect(res.body).to.deep.equal({ message: 'Featured entry not found', errorCode: 'FEATURED_CONTENT_NOT_FOUND' });
      }
    });

    it('answers 400 VALIDATION_ERROR for an id that is not a positive integer', async () => {
      for (const id of ['abc', '0', '01', '-1']) {
        const res = await get(id).expect(400);
        expect(res.body.errorCode, id).to.equal('VALIDATION_ERROR');
      }
    });

    it('answers 404 FEATURED_CONTENT_NOT_FOUND once the item is deleted (its entries go with it)', async () => {
      const item = await newItem();
      const created = (await post({ content_item_id: item.id }).expect(201)).body.data;
      await item.destroy();
      const res = await get(created.id).expect(404);
      expect(res.body.errorCode).to.equal('FEATURED_CONTENT_NOT_FOUND');
    });
  });

  describe('GET (list)', () => {
    it('lists every entry, of any item status, by display order then id, paginated, and searches the item title or slug', async () => {
      const tag = `featlist${Date.now().toString(36)}`;
      const series = await createContentSeries();
      const a = await createContentItem(series, { title: `A ${tag}`, status: 'archived' });
      const b = await createContentItem(series, { title: `B ${tag}`, status: 'draft' });
      const c = await createContentItem(series, { slug: `c-${tag}` });
      const ids = [];
      for (const [item, order] of [[a, 5], [b, 3], [c, 5]] as const) ids.push((await post({ content_item_id: item.id, display_order: order }).expect(201)).body.data.id);
      const [ea, eb, ec] = ids;
      const page1 = await api.http.get(BASE).query({ search: tag, size: 2 }).set('Authorization', all).expect(200);
      expect(page1.body).to.include({ message: 'Success', count: 3, page: 1, size: 2 });
      expect(page1.body.data.map((e: { id: number }) => e.id)).to.deep.equal([eb, ea]);
      expect(page1.body.data[1].item).to.deep.equal({ id: a.id, slug: a.slug, title: a.title, status: 'archived' });
      const page2 = await api.http.get(BASE).query({ search: tag, size: 2, page: 2 }).set('Authorization', all).expect(200);
      expect(page2.body.data.map((e: { id: number }) => e.id)).to.deep.equal([ec]);
      const desc = await api.http.get(BASE).query({ search: tag, order: 'desc' }).set('Authorization', all).expect(200);
      expect(desc.body.data.map((e: { id: number }) => e.id)).to.deep.equal([ec, ea, eb]);
      const everything = await api.http.get(BASE).query({ pagination: false }).set('Authorization', all).expect(200);
      expect(everything.body.count).to.equal(await ContentFeaturedModel.count());
      expect(everything.body.data).to.have.length(everything.body.count);
    });

    it('caps size at 100 and refuses bad paging, sort or order with 400 VALIDATION_ERROR', async () => {
      const capped = await api.http.get(BASE).query({ size: 500 }).set('Authorization', all).expect(200);
      expect(capped.body.size).to.equal(100);
      for (const query of [{ page: 0 }, { size: 'x' }, { sort: 'title' }, { order: 'up' }]) {
        const res = await api.http.get(BASE).query(query).set('Authorization', all).expect(400);
        expect(res.body.errorCode, JSON.stringify(query)).to.equal('VALIDATION_ERROR');
      }
    });
  });

  describe('PATCH /:id', () => {
    it('changes the sent fields only, clears a date with null, and stamps updatedAt with the Clock', async () => {
      const item = await newItem();
      const other = await newItem({ status: 'scheduled' });
      const created = (await post({ content_item_id: item.id, start_date: '2031-06-01T00:00:00Z', end_date: '2031-06-30T00:00:00Z', display_order: 4 }).expect(201)).body.data;
      clock.now = new Date(clock.now.getTime() + 60_000);
      const res = await patch(created.id, { end_date: null, content_item_id: other.id }).expect(200);
      expect(res.body.message).to.equal('Featured entry updated successfully');
      expect(res.body.data).to.deep.equal({
        ...created,
        contentItemId: other.id,
        end_date: null,
        updatedAt: clock.now.toISOString(),
        item: { id: other.id, slug: other.slug, title: other.title, status: 'scheduled' },
      });
      const moved = await patch(created.id, { display_order: 0, start_date: '2031-01-15' }).expect(200);
      expect(moved.body.data).to.include({ displayOrder: 0, start_date: '2031-01-14T18:15:00.000Z', end_date: null });
      expect((await get(created.id).expect(200)).body.data).to.deep.equal(moved.body.data);
    });

    it('checks the window on the merged values: 400 FEATURED_CONTENT_INVALID_DATE_RANGE, nothing changed', async () => {
      const item = await newItem();
      const created = (await post({ content_item_id: item.id, start_date: '2031-06-10T00:00:00Z', end_date: '2031-06-20T00:00:00Z' }).expect(201)).body.data;
      const late = await patch(created.id, { start_date: '2031-06-21T00:00:00Z' }).expect(400);
      expect(late.body.errorCode).to.equal('FEATURED_CONTENT_INVALID_DATE_RANGE');
      const early = await patch(created.id, { end_date: '2031-06-09' }).expect(400);
      expect(early.body.errorCode).to.equal('FEATURED_CONTENT_INVALID_DATE_RANGE');
      expect((await get(created.id).expect(200)).body.data).to.deep.equal(created);
      // Opening one side makes any value of the other valid.
      await patch(created.id, { end_date: null, start_date: '2032-01-01T00:00:00Z' }).expect(200);
    });

    it('answers 404 CONTENT_NOT_FOUND for an unknown item and 404 FEATURED_CONTENT_NOT_FOUND for an unknown entry', async () => {
      const item = await newItem();
      const created = (await post({ content_item_id: item.id }).expect(201)).body.data;
      expect((await patch(created.id, { content_item_id: 2_147_483_000 }).expect(404)).body.errorCode).to.equal('CONTENT_NOT_FOUND');
      expect((await patch(2_147_483_000, { display_order: 1 }).expect(404)).body.errorCode).to.equal('FEATURED_CONTENT_NOT_FOUND');
      expect((await get(created.id).expect(200)).body.data.contentItemId).to.equal(item.id);
    });

    it('answers 400 VALIDATION_ERROR for an empty body, a null content_item_id or display_order, or a bad field', async () => {
      const item = await newItem();
      const created = (await post({ content_item_id: item.id }).expect(201)).body.data;
      for (const body of [{}, { unknown: 1 }, { content_item_id: null }, { display_order: null }, { display_order: -3 }, { start_date: '2031-13-01' }]) {
        const res = await patch(created.id, body).expect(400);
        expect(res.body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
      }
      expect((await patch('x1', { display_order: 1 }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });
  });

  describe('DELETE /:id', () => {
    it('deletes the entry, keeps the item, and answers 404 FEATURED_CONTENT_NOT_FOUND the second time', async () => {
      const item = await newItem();
      const created = (await post({ content_item_id: item.id }).expect(201)).body.data;
      const res = await api.http.delete(`${BASE}/${created.id}`).set('Authorization', all).expect(200);
      expect(res.body).to.deep.equal({ message: 'Featured entry deleted successfully', data: { id: created.id } });
      expect(await ContentFeaturedModel.findByPk(created.id)).to.equal(null);
      await item.reload();
      const again = await api.http.delete(`${BASE}/${created.id}`).set('Authorization', all).expect(404);
      expect(again.body.errorCode).to.equal('FEATURED_CONTENT_NOT_FOUND');
    });
  });

  it('documents the window rule, the date mapping and the error codes in /openapi.json', async () => {
    const res = await api.http.get('/openapi.json').expect(200);
    const create = res.body.paths[BASE].post;
    expect(create.description).to.contain('FEATURED_CONTENT_INVALID_DATE_RANGE').and.contain('CONTENT_NOT_FOUND').and.contain('Asia/Kathmandu');
    expect(create.requestBody.content['application/json'].schema.$ref).to.contain('CreateFeaturedEntryDto');
    expect(res.body.paths[`${BASE}/{id}`].get.description).to.contain('FEATURED_CONTENT_NOT_FOUND');
    expect(res.body.paths[`${BASE}/reorder`].post.description).to.contain('400 VALIDATION_ERROR');
  });
});
