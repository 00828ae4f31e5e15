import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { ContentSeriesModel, ContentSeriesSlugHistoryModel, Database } from '@platform/db';
import { seriesSlugs } from '@platform/domain';
import { adminToken, buildTestApp, createContentSeries, eventually, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const unique = () => randomBytes(4).toString('hex');

/** Series slug history (issue 24: "a changed slug keeps the old one resolving"; spec "Slug history"). */
describe('Admin content series: slug history (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  const create = (body: object) => api.http.post('/api/admin/content-series').set('Authorization', auth).send(body);
  const patch = (id: number, body: object) => api.http.patch(`/api/admin/content-series/${id}`).set('Authorization', auth).send(body);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, ['ContentSeries_READ', 'ContentSeries_CREATE', 'ContentSeries_UPDATE', 'ContentSeries_DELETE'])}`;
  });

  it('renames the slug and keeps the old one resolving to the same series', async () => {
    const series = await createContentSeries({ slug: `old-${unique()}` });
    const renamed = `new-${unique()}`;
    const res = await patch(series.id, { slug: renamed }).expect(200);
    expect(res.body.data.slug).to.equal(renamed);
    expect((await seriesSlugs.resolve(series.slug))?.id).to.equal(series.id);
    expect((await seriesSlugs.resolve(renamed))?.id).to.equal(series.id);
    expect(await ContentSeriesSlugHistoryModel.findByPk(series.slug)).to.include({ seriesId: series.id });
  });

  it('keeps a former slug held: neither a new series nor another series rename may take it (409 CONFLICT)', async () => {
    const series = await createContentSeries({ slug: `held-${unique()}` });
    const former = series.slug;
    await patch(series.id, { slug: `moved-${unique()}` }).expect(200);

    const created = await create({ title: 'Copycat', slug: former }).expect(409);
    expect(created.body).to.deep.equal({ message: `The slug "${former}" is already in use`, errorCode: 'CONFLICT' });
    const other = await createContentSeries();
    expect((await patch(other.id, { slug: former }).expect(409)).body.errorCode).to.equal('CONFLICT');
    expect((await seriesSlugs.resolve(former))?.id).to.equal(series.id);
  });

  it('skips a former slug when making one from a title', async () => {
    const title = `Held title ${unique()}`;
    const series = (await create({ title }).expect(201)).body.data;
    await patch(series.id, { slug: `elsewhere-${unique()}` }).expect(200);
    expect((await create({ title }).expect(201)).body.data.slug).to.equal(`${series.slug}-2`);
  });

  it('refuses a rename to the current slug of another series with 409 CONFLICT', async () => {
    const [a, b] = [await createContentSeries(), await createContentSeries()];
    expect((await patch(a.id, { slug: b.slug }).expect(409)).body.errorCode).to.equal('CONFLICT');
  });

  it('lets a series return to one of its own former slugs, the later one now resolving too', async () => {
    const first = `first-${unique()}`;
    const second = `second-${unique()}`;
    const series = await createContentSeries({ slug: first });
    await patch(series.id, { slug: second }).expect(200);
    expect((await patch(series.id, { slug: first }).expect(200)).body.data.slug).to.equal(first);
    expect((await seriesSlugs.resolve(second))?.id).to.equal(series.id);
    expect(await ContentSeriesSlugHistoryModel.findByPk(first)).to.equal(null);
  });

  it('treats sending the current slug again as no rename', async () => {
    const series = await createContentSeries();
    await patch(series.id, { slug: series.slug, title: 'Same slug' }).expect(200);
    expect(await ContentSeriesSlugHistoryModel.count({ where: { seriesId: series.id } })).to.equal(0);
  });

  it('gives one of two series racing to rename to the same slug 200 and the other 409 CONFLICT', async () => {
    const [a, b] = [await createContentSeries(), await createContentSeries()];
    const slug = `contested-${unique()}`;
    const results = await Promise.all([patch(a.id, { slug }), patch(b.id, { slug })]);
    expect(results.map((res) => res.status).sort()).to.deep.equal([200, 409]);
  });

  for (const write of ['create', 'rename'] as const) {
    it(`answers 409 CONFLICT to a ${write} whose slug another transaction commits while it waits on the unique key`, async () => {
      const slug = `contested-${unique()}`;
      const db = api.app.container.get(Database);
      const target = write === 'rename' ? await createContentSeries() : undefined;
      const other = await db.sequelize.transaction();
      let pending: Promise<{ status: number; body: { errorCode?: string } }> | undefined;
      try {
        await ContentSeriesModel.create({ title: 'First', slug, createdByAdminId: 'test-admin' }, { transaction: other });
        pending = (target ? patch(target.id, { slug }) : create({ title: 'Second', slug })).then((res) => res);
        await eventually(() => waitsOnLock(db), 8_000, 25);
        await other.commit();
      } catch (error) {
        await other.rollback();
        throw error;
      }
      const res = await pending;
      expect(res.status, JSON.stringify(res.body)).to.equal(409);
      expect(res.body.errorCode).to.equal('CONFLICT');
    });
  }

  it('frees the slugs of a deleted series (current and former)', async () => {
    const series = await createContentSeries({ slug: `gone-${unique()}` });
    const former = series.slug;
    const current = (await patch(series.id, { slug: `gone-too-${unique()}` }).expect(200)).body.data.slug;
    await api.http.delete(`/api/admin/content-series/${series.id}`).set('Authorization', auth).expect(200);
    await create({ title: 'Reuse', slug: former }).expect(201);
    await create({ title: 'Reuse', slug: current }).expect(201);
  });
});

/** Whether a write to content_series waits on a lock in this run's database. */
async function waitsOnLock(db: Database): Promise<boolean> {
  const rows = await db.sequelize.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'
        AND (query LIKE 'INSERT INTO "content_series"%' OR query LIKE 'UPDATE "content_series"%')`,
    { type: QueryTypes.SELECT },
  );
  return rows[0].n > 0;
}
