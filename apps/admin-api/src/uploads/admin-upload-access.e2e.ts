import { expect } from 'chai';
import type { Test } from 'supertest';
import { adminToken, buildTestApp, createCustomer, invalidTokenCases, refusedTokenCode, pngBytes, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

/**
 * "All upload routes require a token" (community-content-uploads.md, "Authentication"): on
 * admin-api an admin token, with no particular permission; a customer token is 403.
 */
describe('Admin upload routes access (admin-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  const ROUTES: Array<[string, (app: TestApp) => Test]> = [
    ['POST /api/upload', (app) => app.http.post('/api/upload').attach('file', pngBytes(), { filename: 'a.png', contentType: 'image/png' })],
    ['POST /api/upload/multiple', (app) => app.http.post('/api/upload/multiple').attach('files', pngBytes(), { filename: 'a.png', contentType: 'image/png' })],
    ['GET /api/upload/signed-url/*key', (app) => app.http.get('/api/upload/signed-url/uploads/image/a.png')],
    ['POST /api/upload/signed-urls', (app) => app.http.post('/api/upload/signed-urls').send({ keys: ['uploads/image/a.png'] })],
    ['GET /api/upload/file/*key', (app) => app.http.get('/api/upload/file/uploads/image/missing.png')],
  ];

  for (const [route, request] of ROUTES) {
    it(`${route}: 401 without a token, 403 with a customer token, through with any admin token`, async () => {
      const anonymous = await request(api).expect(401);
      expect(anonymous.body.errorCode).to.equal('UNAUTHORIZED');
      const customer = await createCustomer(api.app.container);
      const forbidden = await request(api).set('Authorization', `Bearer ${customer.accessToken}`).expect(403);
      expect(forbidden.body.errorCode).to.equal('FORBIDDEN');
      const admin = await request(api).set('Authorization', `Bearer ${adminToken(api.app.container, [])}`);
      expect(admin.status, JSON.stringify(admin.body)).to.be.oneOf([200, 404]);
    });
  }

  for (const [name, header] of invalidTokenCases('admin', '01900000-0000-7000-8000-00000000a001')) {
    it(`POST /api/upload refuses ${name} with 401`, async () => {
      const req = ROUTES[0][1](api);
      const res = await (header ? req.set('Authorization', header) : req).expect(401);
      expect(res.body.errorCode).to.equal(refusedTokenCode(name));
    });
  }

  it('documents the upload routes as open to any admin token', async () => {
    const { body } = await api.http.get('/openapi.json').expect(200);
    const upload = body.paths['/api/upload'].post;
    expect(upload['x-required-permissions']).to.deep.equal([]);
    expect(upload.description).to.match(/^Permission: any admin token/);
    expect(Object.keys(upload.requestBody.content)).to.deep.equal(['multipart/form-data']);
    expect(body.paths).to.include.keys('/api/upload/signed-url/{key}', '/api/upload/file/{key}');
  });
});
