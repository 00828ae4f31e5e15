import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { adminToken, buildTestApp, createPromotion, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

const tag = () => randomBytes(4).toString('hex').toUpperCase();
const BASE = '/api/admin/promotions';
const ALL = ['Promotions_READ', 'Promotions_CREATE', 'Promotions_UPDATE', 'Promotions_DELETE'];

describe('Admin promotion list (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const tokenWith = (...permissions: string[]) => `Bearer ${adminToken(api.app.container, permissions)}`;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = tokenWith(...ALL);
  });

  describe(`GET ${BASE}`, () => {
    it('lists codes with count, page and size, searching the code in any case and filtering isActive', async () => {
      const word = tag();
      await createPromotion({ code: `A-${word}`, isActive: true });
      await createPromotion({ code: `B-${word}`, isActive: false });
      await createPromotion({ code: `C-${word}`, isActive: true });
      const res = await api.http.get(BASE).query({ search: word.toLowerCase(), sort: 'code', order: 'asc' }).set('Authorization', all).expect(200);
      expect(res.body).to.include({ count: 3, page: 1, size: 20 });
      expect(res.body.data.map((p: { code: string }) => p.code)).to.deep.equal([`A-${word}`, `B-${word}`, `C-${word}`]);
      const active = await api.http.get(BASE).query({ search: word, isActive: 'true', sort: 'code', order: 'desc' }).set('Authorization', all).expect(200);
      expect(active.body.data.map((p: { code: string }) => p.code)).to.deep.equal([`C-${word}`, `A-${word}`]);
    });

    it('treats _ in the search as a character, not a wildcard', async () => {
      const word = tag();
      await createPromotion({ code: `X_${word}` });
      await createPromotion({ code: `XY${word}` });
      const res = await api.http.get(BASE).query({ search: `x_${word}` }).set('Authorization', all).expect(200);
      expect(res.body.data.map((p: { code: string }) => p.code)).to.deep.equal([`X_${word}`]);
    });

    it('refuses an unknown sort with 400 VALIDATION_ERROR', async () => {
      const res = await api.http.get(BASE).query({ sort: 'percent' }).set('Authorization', all).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    });
  });
});
