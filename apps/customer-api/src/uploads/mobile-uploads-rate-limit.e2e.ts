import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, createCustomer, isolatedInfrastructure, pngBytes, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/** community-content-uploads.md, "Limits": 10 uploads and 60 signed-url requests per 60 s per IP, then 429. */
describe('Mobile upload rate limits (customer-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;
  let auth: string;

  before(async () => {
    infra = await isolatedInfrastructure('mobile-uploads-limits', { TRUST_PROXY: 'loopback' });
    api = await buildTestApp(createCustomerApi, infra);
    auth = `Bearer ${(await createCustomer(api.app.container)).accessToken}`;
  });

  after(() => closeTestInfrastructure(infra));

  it('answers the 11th upload from one IP within 60 s with 429 RATE_LIMIT_EXCEEDED and Retry-After', async () => {
    const upload = (ip: string) =>
      api.http.post('/api/mobile/uploads').set('X-Forwarded-For', ip).set('Authorization', auth).attach('file', pngBytes(), { filename: 'a.png', contentType: 'image/png' });
    for (let n = 0; n < 10; n++) await upload('203.0.113.10').expect(200);
    const res = await upload('203.0.113.10').expect(429);
    expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
    expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
    await upload('203.0.113.11').expect(200);
  });

  it('answers the 61st signed-url request from one IP within 60 s with 429, counted apart from uploads', async () => {
    const signedUrl = (ip: string) =>
      api.http.get('/api/mobile/uploads/signed-url/public/avatar/a.png').set('X-Forwarded-For', ip).set('Authorization', auth);
    for (let n = 0; n < 60; n++) await signedUrl('203.0.113.20').expect(200);
    const res = await signedUrl('203.0.113.20').expect(429);
    expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
    await signedUrl('203.0.113.10').expect(200);
  });
});
