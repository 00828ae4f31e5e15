import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { DigitalBookModel, ProductModel, ProductSlugHistoryModel, PromotionRedemptionModel } from '@platform/db';
import {
  adminToken,
  buildTestApp,
  createCustomer,
  createDigitalBook,
  createPromotion,
  grantAccess,
  TestApp,
} from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const tag = () => randomBytes(4).toString('hex');
const BASE = '/api/admin/digital-books';
const ALL = ['Products_READ', 'Products_CREATE', 'Products_UPDATE', 'Products_DELETE'];

describe('Admin digital book changes (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const patch = (id: number, body: object) => api.http.patch(`${BASE}/${id}`).set('Authorization', all).send(body);
  const tokenWith = (...permissions: string[]) => `Bearer ${adminToken(api.app.container, permissions)}`;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = tokenWith(...ALL);
  });

  describe(`PATCH ${BASE}/:id`, () => {
    it('updates book and product fields; the old slug is kept as history', async () => {
      const { book, product } = await createDigitalBook();
      const slug = `renamed-${tag()}`;
      const res = await patch(book.id, { title: 'Renamed', slug, spPaisa: 1_000, author: 'New Author', fileKey: 'uploads/file/v2.pdf', coverRef: null }).expect(200);
      expect(res.body.data).to.include({ title: 'Renamed', slug, spPaisa: 1_000, author: 'New Author', fileKey: 'uploads/file/v2.pdf', coverRef: null });
      expect(await ProductSlugHistoryModel.findByPk(product.slug)).to.have.property('productId', product.id);
    });

    it('checks prices after merging: lowering mrp below the stored sp is 400', async () => {
      const { book } = await createDigitalBook({ mrpPaisa: 5_000, spPaisa: 4_000 });
      const res = await patch(book.id, { mrpPaisa: 3_000 }).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    });

    for (const [rule, body] of [
      ['an empty body', {}],
      ['a null title', { title: null }],
      ['a fileKey outside uploads/', { fileKey: 'tmp/book.pdf' }],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const { book } = await createDigitalBook();
        const res = await patch(book.id, body).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }

    it('answers 404 for an unknown book', async () => {
      await patch(999999999, { title: 'x' }).expect(404);
    });
  });

  describe('publish and unpublish', () => {
    it('publishes and unpublishes the product, repeatably', async () => {
      const { book } = await createDigitalBook({ published: false });
      const published = await api.http.post(`${BASE}/${book.id}/publish`).set('Authorization', all).expect(200);
      expect(published.body.data.isPublished).to.equal(true);
      await api.http.post(`${BASE}/${book.id}/publish`).set('Authorization', all).expect(200);
      const unpublished = await api.http.post(`${BASE}/${book.id}/unpublish`).set('Authorization', all).expect(200);
      expect(unpublished.body.data.isPublished).to.equal(false);
      expect((await ProductModel.findByPk(book.productId))?.isPublished).to.equal(false);
    });

    it('answers 404 for an unknown book', async () => {
      await api.http.post(`${BASE}/999999999/publish`).set('Authorization', all).expect(404);
    });
  });

  describe(`DELETE ${BASE}/:id`, () => {
    it('deletes a book nobody was granted, with its product', async () => {
      const { book, product } = await createDigitalBook();
      const res = await api.http.delete(`${BASE}/${book.id}`).set('Authorization', all).expect(200);
      expect(res.body.data).to.deep.equal({ id: book.id });
      expect(await DigitalBookModel.findByPk(book.id)).to.equal(null);
      expect(await ProductModel.findByPk(product.id)).to.equal(null);
      await api.http.get(`${BASE}/${book.id}`).set('Authorization', all).expect(404);
    });

    it('refuses to delete a book someone was granted with 409 CONFLICT', async () => {
      const { book, product } = await createDigitalBook();
      const customer = await createCustomer(api.app.container);
      await grantAccess(customer.id, product.id);
      const res = await api.http.delete(`${BASE}/${book.id}`).set('Authorization', all).expect(409);
      expect(res.body.errorCode).to.equal('CONFLICT');
      expect(await DigitalBookModel.findByPk(book.id)).not.to.equal(null);
    });

    it('refuses to delete a book a used promotion code is restricted to with 409 CONFLICT', async () => {
      const { book, product } = await createDigitalBook();
      const customer = await createCustomer(api.app.container);
      const promotion = await createPromotion({ productId: product.id });
      await PromotionRedemptionModel.create({ promotionId: promotion.id, userId: customer.id, reference: `order:${tag()}`, discountPaisa: 100 });
      const res = await api.http.delete(`${BASE}/${book.id}`).set('Authorization', all).expect(409);
      expect(res.body.errorCode).to.equal('CONFLICT');
      expect(await DigitalBookModel.findByPk(book.id)).not.to.equal(null);
    });

    it('answers 404 for an unknown book', async () => {
      await api.http.delete(`${BASE}/999999999`).set('Authorization', all).expect(404);
    });
  });
});
