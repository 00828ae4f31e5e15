import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { DigitalBookModel, ProductModel } from '@platform/db';
import { adminToken, buildTestApp, createDigitalBook, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const tag = () => randomBytes(4).toString('hex');
const BASE = '/api/admin/digital-books';
const ALL = ['Products_READ', 'Products_CREATE', 'Products_UPDATE', 'Products_DELETE'];

describe('Admin digital books (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const newBook = (overrides: Record<string, unknown> = {}): Record<string, unknown> & { title: string } => ({
    title: `Candlestick Patterns ${tag()}`,
    mrpPaisa: 80_000,
    spPaisa: 60_000,
    ...overrides,
  });
  const post = (body: object) => api.http.post(BASE).set('Authorization', all).send(body);
  const tokenWith = (...permissions: string[]) => `Bearer ${adminToken(api.app.container, permissions)}`;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = tokenWith(...ALL);
  });

  describe(`POST ${BASE}`, () => {
    it('creates an unpublished digital book with its product and answers 201', async () => {
      const body = newBook({
        slug: `candles-${tag()}`,
        description: 'Reading candles',
        author: 'R. Shrestha',
        pageCount: 120,
        coverRef: 'public/image/cover.jpg',
        fileKey: 'uploads/file/candles.pdf',
      });
      const res = await post(body).expect(201);
      expect(res.body.message).to.equal('Digital book created successfully');
      expect(res.body.data).to.include({
        title: body.title,
        slug: body.slug,
        description: 'Reading candles',
        author: 'R. Shrestha',
        pageCount: 120,
        coverRef: 'public/image/cover.jpg',
        coverUrl: '/public/image/cover.jpg',
        fileKey: 'uploads/file/candles.pdf',
        mrpPaisa: 80_000,
        spPaisa: 60_000,
        isPublished: false,
        isSellable: true,
      });
      expect(res.body.data).to.have.all.keys([
        'id', 'productId', 'title', 'slug', 'description', 'author', 'pageCount', 'coverRef', 'coverUrl', 'fileKey',
        'mrpPaisa', 'spPaisa', 'isPublished', 'isSellable', 'createdAt', 'updatedAt',
      ]);
      const book = await DigitalBookModel.findByPk(res.body.data.id, { include: [ProductModel] });
      expect(book?.product?.type).to.equal('digital_book');
      expect(book?.productId).to.equal(res.body.data.productId);
    });

    it('creates a book with only the product fields, the rest empty and the slug from the title', async () => {
      const title = `Dividend Basics ${tag()}`;
      const res = await post(newBook({ title, isSellable: false })).expect(201);
      expect(res.body.data).to.include({
        slug: title.toLowerCase().replace(/ /g, '-'),
        description: null,
        author: null,
        pageCount: null,
        coverRef: null,
        coverUrl: null,
        fileKey: null,
        isSellable: false,
      });
    });

    it('refuses spPaisa above mrpPaisa with 400 VALIDATION_ERROR', async () => {
      const res = await post(newBook({ mrpPaisa: 100, spPaisa: 101 })).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      expect(res.body.errors[0].field).to.equal('spPaisa');
    });

    for (const [rule, body, field] of [
      ['a fileKey outside uploads/', { fileKey: 'public/file/book.pdf' }, 'fileKey'],
      ['a fileKey that climbs out of uploads/', { fileKey: 'uploads/../secrets.pdf' }, 'fileKey'],
      ['a fileKey given as a URL', { fileKey: 'https://example.com/uploads/book.pdf' }, 'fileKey'],
      ['a page count of 0', { pageCount: 0 }, 'pageCount'],
      ['a fractional page count', { pageCount: 1.5 }, 'pageCount'],
      ['an author over 200 characters', { author: 'a'.repeat(201) }, 'author'],
      ['a negative price', { mrpPaisa: -1 }, 'mrpPaisa'],
      ['a missing title', { title: undefined }, 'title'],
      ['a bad slug', { slug: 'Not A Slug' }, 'slug'],
      ['a protocol-relative coverRef (an off-site URL once resolved)', { coverRef: '//evil.example/x.png' }, 'coverRef'],
      ['a private uploads/ key as the cover (it would be published)', { coverRef: 'uploads/file/book.pdf' }, 'coverRef'],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const res = await post(newBook(body)).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
        expect(res.body.errors.map((e: { field: string }) => e.field)).to.include(field);
      });
    }

    it('refuses a slug another product uses with 409 CONFLICT', async () => {
      const { product } = await createDigitalBook();
      const res = await post(newBook({ slug: product.slug })).expect(409);
      expect(res.body.errorCode).to.equal('CONFLICT');
    });
  });

  describe(`GET ${BASE}/:id`, () => {
    it('returns the book with its product fields and a resolved cover URL', async () => {
      const { book, product } = await createDigitalBook();
      await book.update({ coverRef: 'public/image/c.png' });
      const res = await api.http.get(`${BASE}/${book.id}`).set('Authorization', all).expect(200);
      expect(res.body.data).to.include({ id: book.id, productId: product.id, title: product.title, coverUrl: '/public/image/c.png', fileKey: book.fileKey });
    });

    it('answers 404 NOT_FOUND for an unknown id', async () => {
      const res = await api.http.get(`${BASE}/999999999`).set('Authorization', all).expect(404);
      expect(res.body).to.deep.equal({ message: 'Digital book not found', errorCode: 'NOT_FOUND' });
    });

    it('answers 404 for an id beyond the integer range instead of failing', async () => {
      await api.http.get(`${BASE}/99999999999`).set('Authorization', all).expect(404);
    });
  });
});
