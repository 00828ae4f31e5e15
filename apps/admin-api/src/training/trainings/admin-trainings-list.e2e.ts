import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Database, TrainingModel } from '@platform/db';
import { adminToken, buildTestApp, createTraining, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

type Row = { id: number };

/** GET /api/admin/training (FetchTrainingDto): filters, every sort value both ways, full-text search. */
describe('Admin training list (admin-api GET /api/admin/training)', () => {
  let api: TestApp;
  let reader: string;
  const tag = randomBytes(4).toString('hex');
  // A category of this file alone, so other files' trainings never appear in these lists.
  const categoryId = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const ids: Record<string, number> = {};

  const list = (query: Record<string, string | number | boolean>) =>
    api.http.get('/api/admin/training').set('Authorization', reader).query({ categoryId, ...query });
  const idsOf = (res: { body: { data: Row[] } }) => res.body.data.map((row) => row.id);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    reader = `Bearer ${adminToken(api.app.container, ['Training_READ'])}`;
    for (const [name, status, isFree, tagId, description] of [
      ['Bravo', 'published', false, 1, 'Candles and volume'],
      ['Alpha', 'draft', true, 2, `About momentum ${tag}`],
      ['Charlie', 'hidden', false, 1, 'Options'],
      ['Delta', 'archived', true, 2, 'Futures'],
    ] as const) {
      const title = name === 'Charlie' ? `Charlie momentum ${tag}` : `${name} ${tag}`;
      const { training } = await createTraining({ title, status, published: status === 'published', isFree, tagId, categoryId, description });
      ids[name] = training.id;
    }
    // Created in this order (ids too); then the oldest, Bravo, was edited last, so the updatedAt
    // order (Alpha, Charlie, Delta, Bravo) differs from the createdAt order and from every other
    // sort: a sort key mapped to the wrong column fails.
    const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute));
    const stamps: Record<string, [created: Date, updated: Date]> = {
      Bravo: [at(0), at(13)],
      Alpha: [at(1), at(10)],
      Charlie: [at(2), at(11)],
      Delta: [at(3), at(12)],
    };
    for (const [name, [createdAt, updatedAt]] of Object.entries(stamps)) {
      await api.app.container.get(Database).sequelize.query('UPDATE trainings SET created_at = :createdAt, updated_at = :updatedAt WHERE id = :id', {
        replacements: { createdAt, updatedAt, id: ids[name] },
      });
    }
  });

  it('lists trainings of every status, newest update first, with count, page, size and the list item fields', async () => {
    const res = await list({}).expect(200);
    expect(res.body).to.include({ message: 'Success', count: 4, page: 1, size: 20 });
    expect(idsOf(res)).to.deep.equal([ids['Bravo'], ids['Delta'], ids['Charlie'], ids['Alpha']]);
    expect(res.body.data[0]).to.include.keys(
      'id', 'title', 'thumbnailRef', 'thumbnailUrl', 'trailerRef', 'trailerUrl', 'status', 'slug', 'productId', 'isFree', 'isFeatured',
      'mrpPaisa', 'spPaisa', 'updatedAt',
    );
  });

  it('filters on status, tagId and categoryId', async () => {
    for (const [status, name] of [['published', 'Bravo'], ['draft', 'Alpha'], ['hidden', 'Charlie'], ['archived', 'Delta']]) {
      expect(idsOf(await list({ status }).expect(200)), status).to.deep.equal([ids[name]]);
    }
    expect(idsOf(await list({ tagId: 1, sort: 'createdAt', order: 'asc' }).expect(200))).to.deep.equal([ids['Bravo'], ids['Charlie']]);
    expect(idsOf(await list({ tagId: 2, status: 'archived' }).expect(200))).to.deep.equal([ids['Delta']]);
    expect((await list({ categoryId: categoryId + 1 }).expect(200)).body.count).to.equal(0);
  });

  const ORDERS: Record<string, string[]> = {
    title: ['Alpha', 'Bravo', 'Charlie', 'Delta'],
    status: ['Delta', 'Alpha', 'Charlie', 'Bravo'], // archived, draft, hidden, published
    createdAt: ['Bravo', 'Alpha', 'Charlie', 'Delta'],
    updatedAt: ['Alpha', 'Charlie', 'Delta', 'Bravo'],
    relevance: ['Alpha', 'Charlie', 'Delta', 'Bravo'], // updatedAt without a search
  };

  it('gives every sort value its own order (so a wrong column mapping cannot pass)', () => {
    const orders = Object.values(ORDERS).flatMap((order) => [order.join(), [...order].reverse().join()]);
    // relevance without a search is updatedAt by rule; every other pair must differ.
    expect(new Set(orders).size).to.equal(orders.length - 2);
  });
  for (const [sort, ascending] of Object.entries(ORDERS)) {
    it(`sorts by ${sort} ascending and descending`, async () => {
      expect(idsOf(await list({ sort, order: 'asc' }).expect(200))).to.deep.equal(ascending.map((name) => ids[name]));
      expect(idsOf(await list({ sort, order: 'desc' }).expect(200))).to.deep.equal([...ascending].reverse().map((name) => ids[name]));
    });
  }

  it('sorts by isFree (false first ascending), ties broken by id in the same direction', async () => {
    expect(idsOf(await list({ sort: 'isFree', order: 'asc' }).expect(200))).to.deep.equal([ids['Bravo'], ids['Charlie'], ids['Alpha'], ids['Delta']]);
    expect(idsOf(await list({ sort: 'isFree', order: 'desc' }).expect(200))).to.deep.equal([ids['Delta'], ids['Alpha'], ids['Charlie'], ids['Bravo']]);
  });

  it('searches title and description by full text, and ranks a title match above a description match', async () => {
    const found = await list({ search: `momentum ${tag}`, sort: 'relevance' }).expect(200);
    expect(idsOf(found)).to.deep.equal([ids['Charlie'], ids['Alpha']]);
    expect(idsOf(await list({ search: `momentum ${tag}`, sort: 'relevance', order: 'asc' }).expect(200))).to.deep.equal([ids['Alpha'], ids['Charlie']]);
    expect(idsOf(await list({ search: 'MOMENTUM', sort: 'title', order: 'asc' }).expect(200))).to.deep.equal([ids['Alpha'], ids['Charlie']]);
    expect(idsOf(await list({ search: 'candles' }).expect(200))).to.deep.equal([ids['Bravo']]);
  });

  it('finds a renamed training by its new title (the search vector follows the product)', async () => {
    const { training, product } = await createTraining({ categoryId, title: `Old name ${tag}` });
    await product.update({ title: `Renamed zebra ${tag}` });
    expect(idsOf(await list({ search: 'zebra' }).expect(200))).to.deep.equal([training.id]);
    await TrainingModel.destroy({ where: { id: training.id } });
  });

  it('takes any search text without an error: operators, quotes, unicode', async () => {
    for (const search of [`'&|!:*()`, '"unclosed', '-', 'or', '!!', 'a & b | c', '\\', ':*', 'नेपाली', 'café 😀', '<script>']) {
      const res = await list({ search }).expect(200);
      expect(res.body.data, search).to.be.an('array');
    }
    const { training } = await createTraining({ categoryId, title: `नेपाली योग ${tag}` });
    expect(idsOf(await list({ search: 'योग' }).expect(200))).to.deep.equal([training.id]);
    await TrainingModel.destroy({ where: { id: training.id } });
  });

  it('pages with page and size without overlap, and returns everything with pagination=false', async () => {
    const first = await list({ size: 2, page: 1, sort: 'createdAt', order: 'asc' }).expect(200);
    const second = await list({ size: 2, page: 2, sort: 'createdAt', order: 'asc' }).expect(200);
    expect(first.body).to.include({ count: 4, page: 1, size: 2 });
    expect([...idsOf(first), ...idsOf(second)]).to.deep.equal(ORDERS['createdAt'].map((name) => ids[name]));
    expect(idsOf(await list({ pagination: false }).expect(200))).to.have.length(4);
  });

  it('documents categoryId, tagId and status (FetchTrainingDto) as query parameters in /openapi.json', async () => {
    const res = await api.http.get('/openapi.json').expect(200);
    const query = (res.body.paths['/api/admin/training'].get.parameters as Array<{ in: string; name: string }>).filter((p) => p.in === 'query');
    expect(query.map((p) => p.name)).to.include.members(['categoryId', 'tagId', 'status', 'sort', 'search', 'page', 'size']);
  });

  for (const [rule, query] of [
    ['an unknown sort', { sort: 'spPaisa' }],
    ['an unknown status', { status: 'live' }],
    ['a categoryId of 0', { categoryId: 0 }],
    ['a tagId that is not a number', { tagId: 'abc' }],
    ['an order other than asc or desc', { order: 'up' }],
    ['a search with a control character', { search: 'a\u0001b' }],
  ] as const) {
    it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
      expect((await list(query).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });
  }
});
