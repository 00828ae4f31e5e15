import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { adminToken, buildTestApp, createDigitalBook, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const tag = () => randomBytes(4).toString('hex');
const BASE = '/api/admin/digital-books';
const ALL = ['Products_READ', 'Products_CREATE', 'Products_UPDATE', 'Products_DELETE'];

describe('Admin digital book list (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const patch = (id: number, body: object) => api.http.patch(`${BASE}/${id}`).set('Authorization', all).send(body);
  const tokenWith = (...permissions: string[]) => `Bearer ${adminToken(api.app.container, permissions)}`;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = tokenWith(...ALL);
  });

  describe(`GET ${BASE}`, () => {
    it('lists books with count, page and size, filtered by title search and publication', async () => {
      const word = `zebra${tag()}`;
      await createDigitalBook({ title: `Alpha ${word}`, published: true, spPaisa: 100 });
      await createDigitalBook({ title: `Beta ${word}`, published: false, spPaisa: 300 });
      await createDigitalBook({ title: `Gamma ${word}`, published: true, spPaisa: 200 });
      const res = await api.http.get(BASE).query({ search: word.toUpperCase(), sort: 'spPaisa', order: 'asc' }).set('Authorization', all).expect(200);
      expect(res.body).to.include({ count: 3, page: 1, size: 20 });
      expect(res.body.data.map((book: { spPaisa: number }) => book.spPaisa)).to.deep.equal([100, 200, 300]);
      const published = await api.http.get(BASE).query({ search: word, published: 'true', sort: 'title', order: 'desc' }).set('Authorization', all).expect(200);
      expect(published.body.data.map((book: { title: string }) => book.title)).to.deep.equal([`Gamma ${word}`, `Alpha ${word}`]);
    });

    it('sorts by updatedAt by default, newest first: an edited book moves to the top', async () => {
      const word = `edited${tag()}`;
      const { book: older } = await createDigitalBook({ title: `Older ${word}` });
      await createDigitalBook({ title: `Newer ${word}` });
      await patch(older.id, { author: 'Someone' }).expect(200);
      const res = await api.http.get(BASE).query({ search: word }).set('Authorization', all).expect(200);
      expect(res.body.data.map((book: { title: string }) => book.title)).to.deep.equal([`Older ${word}`, `Newer ${word}`]);
    });

    it('pages the list', async () => {
      const word = `paged${tag()}`;
      for (const n of [1, 2, 3]) await createDigitalBook({ title: `Book ${n} ${word}` });
      const res = await api.http.get(BASE).query({ search: word, size: 2, page: 2, sort: 'createdAt', order: 'asc' }).set('Authorization', all).expect(200);
      expect(res.body).to.include({ count: 3, page: 2, size: 2 });
      expect(res.body.data.map((book: { title: string }) => book.title)).to.deep.equal([`Book 3 ${word}`]);
    });

    it('treats LIKE wildcards in the search as text', async () => {
      const word = `pct${tag()}`;
      await createDigitalBook({ title: `100% ${word}` });
      await createDigitalBook({ title: `100 ${word}` });
      const res = await api.http.get(BASE).query({ search: `100% ${word}` }).set('Authorization', all).expect(200);
      expect(res.body.data.map((book: { title: string }) => book.title)).to.deep.equal([`100% ${word}`]);
    });

    for (const [rule, query] of [
      ['an unknown sort', { sort: 'author' }],
      ['a published filter that is not a boolean', { published: 'maybe' }],
      ['page 0', { page: 0 }],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const res = await api.http.get(BASE).query(query).set('Authorization', all).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }
  });
});
