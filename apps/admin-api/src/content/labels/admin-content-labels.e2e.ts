import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { ContentCategoryModel, ContentItemModel, ContentItemTagModel, ContentTagModel, Database } from '@platform/db';
import { adminToken, buildTestApp, createContentCategory, createContentItem, createContentSeries, createContentTag, eventually, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const unique = () => randomBytes(4).toString('hex');

/** The two label kinds, each with its routes, its table and its 404 code. */
const KINDS = [
  { name: 'categories', path: '/api/admin/content-categories', model: ContentCategoryModel, notFound: 'CONTENT_CATEGORY_NOT_FOUND', noun: 'Category', create: createContentCategory },
  { name: 'tags', path: '/api/admin/content-tags', model: ContentTagModel as unknown as typeof ContentCategoryModel, notFound: 'TAG_NOT_FOUND', noun: 'Tag', create: createContentTag },
] as const;

/** Admin categories and tags of newsletter items (routes of our design, CONTRACT section 10). */
describe('Admin content categories and tags (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, ['Content_READ', 'Content_CREATE', 'Content_DELETE'])}`;
  });

  for (const kind of KINDS) {
    describe(kind.path, () => {
      const create = (body: object) => api.http.post(kind.path).set('Authorization', auth).send(body);
      const remove = (id: number | string) => api.http.delete(`${kind.path}/${id}`).set('Authorization', auth);

      it('creates one with a slug made from the name and answers 201 with { id, name, slug }', async () => {
        const tag = unique();
        const res = await create({ name: `  Hydro Power ${tag} ` }).expect(201);
        expect(res.body.message).to.equal(`${kind.noun} created successfully`);
        expect(res.body.data).to.deep.equal({ id: res.body.data.id, name: `Hydro Power ${tag}`, slug: `hydro-power-${tag}` });
        expect(await kind.model.findByPk(res.body.data.id)).to.include({ slug: `hydro-power-${tag}` });
      });

      it('takes the slug sent, and makes a fallback slug for a name without Latin letters', async () => {
        const slug = `custom-${unique()}`;
        expect((await create({ name: 'Anything', slug }).expect(201)).body.data.slug).to.equal(slug);
        const devanagari = (await create({ name: 'जलविद्युत' }).expect(201)).body.data;
        expect(devanagari.slug).to.match(kind.name === 'tags' ? /^tag-[0-9a-f]{6}$/ : /^category-[0-9a-f]{6}$/);
      });

      it('answers 409 CONFLICT for a slug taken, sent or made from the name', async () => {
        const existing = await kind.create();
        const sent = await create({ name: 'Other', slug: existing.slug }).expect(409);
        expect(sent.body).to.deep.equal({ message: `The slug "${existing.slug}" is already in use`, errorCode: 'CONFLICT' });
        expect((await create({ name: existing.name }).expect(409)).body.errorCode).to.equal('CONFLICT');
      });

      it('gives one of two concurrent creates of the same slug 201 and the other 409 CONFLICT', async () => {
        const slug = `race-${unique()}`;
        const results = await Promise.all([create({ name: 'A', slug }), create({ name: 'B', slug })]);
        expect(results.map((res) => res.status).sort()).to.deep.equal([201, 409]);
        expect(await kind.model.count({ where: { slug } })).to.equal(1);
      });

      it('answers 409 CONFLICT when a create of the same slug commits while this one waits on the unique key', async () => {
        const slug = `held-${unique()}`;
        const db = api.app.container.get(Database);
        const other = await db.sequelize.transaction();
        let pending: Promise<{ status: number; body: { errorCode?: string } }> | undefined;
        try {
          await kind.model.create({ name: 'First', slug }, { transaction: other });
          pending = create({ name: 'Second', slug }).then((res) => res);
          await eventually(() => waitsOnLock(db, 'INSERT INTO'), 8_000, 25);
          await other.commit();
        } catch (error) {
          await other.rollback();
          throw error;
        }
        const res = await pending;
        expect(res.status, JSON.stringify(res.body)).to.equal(409);
        expect(res.body.errorCode).to.equal('CONFLICT');
      });

      for (const [rule, body] of [
        ['a missing name', {}],
        ['a blank name', { name: '  ' }],
        ['a name over 100 characters', { name: 'n'.repeat(101) }],
        ['a name with a control character', { name: 'a\nb' }],
        ['a non-string name', { name: ['x'] }],
        ['a bad slug', { name: 'x', slug: 'Bad_Slug' }],
        ['a slug over 120 characters', { name: 'x', slug: 's'.repeat(121) }],
      ] as const) {
        it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
          expect((await create(body).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
        });
      }

      it('lists every label by name, then id, unpaginated', async () => {
        const prefix = `zz-${unique()}`;
        const b = await kind.create(`${prefix} beta`);
        const a = await kind.create(`${prefix} alpha`);
        const res = await api.http.get(kind.path).set('Authorization', auth).expect(200);
        expect(res.body).to.have.all.keys('message', 'data');
        const names: string[] = res.body.data.map((row: { name: string }) => row.name);
        expect(names.indexOf(a.name)).to.be.lessThan(names.indexOf(b.name));
        expect(res.body.data.find((row: { id: number }) => row.id === a.id)).to.deep.equal({ id: a.id, name: a.name, slug: a.slug });
      });

      it('breaks ties of name by id', async () => {
        const name = `Twin ${unique()}`;
        const first = await kind.model.create({ name, slug: `twin-a-${unique()}` });
        const second = await kind.model.create({ name, slug: `twin-b-${unique()}` });
        const res = await api.http.get(kind.path).set('Authorization', auth).expect(200);
        const ids = res.body.data.filter((row: { name: string }) => row.name === name).map((row: { id: number }) => row.id);
        expect(ids).to.deep.equal([first.id, second.id]);
      });

      it('deletes one and answers what it was; a second delete is 404', async () => {
        const label = await kind.create();
        const res = await remove(label.id).expect(200);
        expect(res.body).to.deep.equal({ message: `${kind.noun} deleted successfully`, data: { id: label.id, name: label.name, slug: label.slug } });
        expect(await kind.model.findByPk(label.id)).to.equal(null);
        expect((await remove(label.id).expect(404)).body.errorCode).to.equal(kind.notFound);
      });

      it(`answers 404 ${kind.notFound} for an unknown id (also beyond the integer range) and 400 for one that is not a positive integer`, async () => {
        const res = await remove(2147483000).expect(404);
        expect(res.body.errorCode).to.equal(kind.notFound);
        expect(res.body.message).to.contain('2147483000');
        expect((await remove('99999999999').expect(404)).body.errorCode).to.equal(kind.notFound);
        for (const id of ['abc', '0', '01']) {
          const bad = await remove(id).expect(400);
          expect(bad.body.errorCode, id).to.equal('VALIDATION_ERROR');
          expect(bad.body.errors, id).to.deep.equal([{ field: 'id', code: 'isInt', message: 'id must be a positive integer' }]);
        }
      });
    });
  }

  it('deleting a category leaves its items without one; deleting a tag takes it off its items', async () => {
    const category = await createContentCategory();
    const [kept, dropped] = [await createContentTag(), await createContentTag()];
    const item = await createContentItem(await createContentSeries(), { categoryId: category.id, tagIds: [kept.id, dropped.id] });
    await api.http.delete(`/api/admin/content-categories/${category.id}`).set('Authorization', auth).expect(200);
    await api.http.delete(`/api/admin/content-tags/${dropped.id}`).set('Authorization', auth).expect(200);
    expect((await ContentItemModel.findByPk(item.id))?.categoryId).to.equal(null);
    const tags = await ContentItemTagModel.findAll({ where: { itemId: item.id } });
    expect(tags.map((row) => row.tagId)).to.deep.equal([kept.id]);
  });

  it('keeps category and tag slugs apart: the same slug may name a category and a tag', async () => {
    const slug = `shared-${unique()}`;
    await api.http.post('/api/admin/content-categories').set('Authorization', auth).send({ name: 'Shared', slug }).expect(201);
    await api.http.post('/api/admin/content-tags').set('Authorization', auth).send({ name: 'Shared', slug }).expect(201);
  });
});

/** Whether a statement starting with `prefix` waits on a lock in this run's database. */
async function waitsOnLock(db: Database, prefix: string): Promise<boolean> {
  const rows = await db.sequelize.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE :prefix`,
    { replacements: { prefix: `${prefix}%` }, type: QueryTypes.SELECT },
  );
  return rows[0].n > 0;
}
