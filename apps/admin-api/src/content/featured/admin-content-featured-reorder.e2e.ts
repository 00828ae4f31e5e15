import { expect } from 'chai';
import { ContentFeaturedModel } from '@platform/db';
import { FEATURED_LOCK_KEY } from '@platform/domain';
import { adminToken, buildTestApp, createContentItem, createContentSeries, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const BASE = '/api/admin/content-featured';

/**
 * POST /api/admin/content-featured/reorder: `ids` is exactly the current entries, each once (400
 * VALIDATION_ERROR otherwise, nothing changed), and reorders run one at a time under the featured
 * lock. The entries are global, so each test reads the current set first.
 */
describe('Admin featured content: reorder (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const reorder = (ids: unknown) => api.http.post(`${BASE}/reorder`).set('Authorization', all).send({ ids });
  const currentIds = async (): Promise<number[]> =>
    (await api.http.get(BASE).query({ pagination: false }).set('Authorization', all).expect(200)).body.data.map((e: { id: number }) => e.id);
  const ordersOf = async (): Promise<Array<[number, number]>> =>
    (await ContentFeaturedModel.findAll({ order: [['id', 'ASC']] })).map((row) => [row.id, row.displayOrder]);
  const feature = async (count: number): Promise<number[]> => {
    const series = await createContentSeries();
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const item = await createContentItem(series);
      ids.push((await api.http.post(BASE).set('Authorization', all).send({ content_item_id: item.id }).expect(201)).body.data.id);
    }
    return ids;
  };
  const expectRefused = async (ids: unknown, message: RegExp) => {
    const before = await ordersOf();
    const res = await reorder(ids).expect(400);
    expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    expect(res.body.message).to.match(message);
    expect(await ordersOf()).to.deep.equal(before);
  };

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = `Bearer ${adminToken(api.app.container, ['Content_READ', 'Content_CREATE', 'Content_UPDATE'])}`;
    await feature(3);
  });

  it('gives each entry its position as display_order and answers every entry in the new order', async () => {
    const ids = (await currentIds()).reverse();
    const res = await reorder(ids).expect(200);
    expect(res.body.message).to.equal('Featured entries reordered successfully');
    expect(res.body.data.map((e: { id: number; displayOrder: number }) => [e.id, e.displayOrder])).to.deep.equal(ids.map((id, index) => [id, index]));
    expect(res.body.data[0]).to.have.keys('id', 'contentItemId', 'start_date', 'end_date', 'displayOrder', 'createdByAdminId', 'createdAt', 'updatedAt', 'item');
    expect(await currentIds()).to.deep.equal(ids);
  });

  it('refuses a missing id with 400 VALIDATION_ERROR and changes nothing', async () => {
    const ids = await currentIds();
    await expectRefused(ids.slice(1), new RegExp(`missing ${ids[0]}`));
  });

  it('refuses an id that is not a current entry (unknown or deleted) with 400 VALIDATION_ERROR', async () => {
    const ids = await currentIds();
    await expectRefused([...ids, 2_147_483_000], /unknown 2147483000/);
    const [gone] = await feature(1);
    await api.http.delete(`${BASE}/${gone}`).set('Authorization', `Bearer ${adminToken(api.app.container, ['Content_DELETE'])}`).expect(200);
    await expectRefused([...ids, gone], new RegExp(`unknown ${gone}`));
  });

  it('refuses a repeated id with 400 VALIDATION_ERROR', async () => {
    const ids = await currentIds();
    await expectRefused([...ids, ids[0]], new RegExp(`repeated ${ids[0]}`));
    await expectRefused([ids[0], ...ids.slice(2), ids[0]], /repeated/);
  });

  it('refuses a body without an ids array of positive integers with 400 VALIDATION_ERROR', async () => {
    const ids = await currentIds();
    for (const bad of [undefined, null, 'all', [ids[0], '2'], [0], [-1], [1.5], ids.map(String)]) {
      const res = await reorder(bad).expect(400);
      expect(res.body.errorCode, JSON.stringify(bad)).to.equal('VALIDATION_ERROR');
    }
    const empty = await api.http.post(`${BASE}/reorder`).set('Authorization', all).send({}).expect(400);
    expect(empty.body.errors.map((e: { field: string }) => e.field)).to.include('ids');
  });

  it('takes entries created after a reorder after the last one', async () => {
    const ids = await currentIds();
    await reorder(ids).expect(200);
    const [added] = await feature(1);
    const entry = await ContentFeaturedModel.findByPk(added);
    expect(entry?.displayOrder).to.equal(ids.length);
  });

  it('runs concurrent reorders one at a time: each succeeds and the final order is one of them whole', async () => {
    await feature(3);
    const ids = await currentIds();
    const orders = [ids, [...ids].reverse(), [...ids.slice(2), ...ids.slice(0, 2)], [...ids.slice(1), ids[0]], [ids[1], ids[0], ...ids.slice(2)]];
    const answers = await Promise.all(orders.map((order) => reorder(order)));
    answers.forEach((res, index) => {
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      // Under the lock, each answer is the order it wrote, untouched by the others.
      expect(res.body.data.map((e: { id: number }) => e.id)).to.deep.equal(orders[index]);
    });
    const final = await currentIds();
    expect(orders.map((order) => JSON.stringify(order))).to.include(JSON.stringify(final));
    const rows = await ContentFeaturedModel.findAll();
    expect(rows.map((row) => row.displayOrder).sort((a, b) => a - b)).to.deep.equal(ids.map((_, index) => index));
  });

  it('waits for the featured lock: an entry created while it waits makes the reorder a 400 naming it', async () => {
    const ids = await currentIds();
    const item = await createContentItem(await createContentSeries());
    const { db } = api.infra;
    let settled = false;
    // The lock holder's transaction starts the reorder, then inserts an entry before it commits.
    const { pending, createdId } = await db.transaction(async (tx) => {
      await db.sequelize.query('SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))', { replacements: { key: FEATURED_LOCK_KEY }, transaction: tx });
      const answer = reorder(ids).then((res) => {
        settled = true;
        return res;
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(settled, 'the reorder must wait for the lock').to.equal(false);
      const created = await ContentFeaturedModel.create({ contentItemId: item.id, displayOrder: 0, createdByAdminId: 'lock-holder' }, { transaction: tx });
      return { pending: answer, createdId: created.id };
    });
    const res = await pending;
    expect(res.status).to.equal(400);
    expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    expect(res.body.message).to.contain(`missing ${createdId}`);
  });

  it('gives concurrent creates without display_order distinct places after the last, one each', async () => {
    const series = await createContentSeries();
    const items = await Promise.all(Array.from({ length: 6 }, () => createContentItem(series)));
    const highest = (await ContentFeaturedModel.max<number, ContentFeaturedModel>('displayOrder')) ?? -1;
    const answers = await Promise.all(items.map((item) => api.http.post(BASE).set('Authorization', all).send({ content_item_id: item.id })));
    const orders = answers.map((res) => {
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      return res.body.data.displayOrder as number;
    });
    expect(orders.sort((a, b) => a - b)).to.deep.equal(items.map((_, index) => highest + 1 + index));
  });

  it('refuses an empty ids list while entries exist (400 VALIDATION_ERROR)', async () => {
    const res = await reorder([]).expect(400);
    expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
  });
});
