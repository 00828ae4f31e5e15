import { expect } from 'chai';
import { adminToken, buildTestApp, createCustomer, invalidTokenCases, refusedTokenCode, TestApp } from '@platform/testing';
import { createMarketApi } from '../market-api';

describe('Market API authentication (/api/v1/market)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createMarketApi);
  });

  it('identifies the customer a valid token belongs to', async () => {
    const customer = await createCustomer(api.app.container);
    const res = await api.http.get('/api/v1/market/me').set('Authorization', `Bearer ${customer.accessToken}`).expect(200);
    expect(res.body).to.deep.equal({ message: 'Success', data: { customerId: customer.id } });
  });

  describe('401 on a market route', () => {
    for (const [name, header] of invalidTokenCases('customer', '01900000-0000-7000-8000-000000000002')) {
      it(`refuses ${name}`, async () => {
        const request = api.http.get('/api/v1/market/me');
        if (header) request.set('Authorization', header);
        const res = await request.expect(401);
        expect(res.body.errorCode).to.equal(refusedTokenCode(name));
        expect(res.body.message).to.be.a('string');
      });
    }
  });

  it('gives 401, not 403, to an admin token (portfolio routes are for customers, and the module has no 403)', async () => {
    const res = await api.http.get('/api/v1/market/me').set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(401);
    expect(res.body).to.deep.equal({ message: 'A customer access token is required', errorCode: 'UNAUTHORIZED' });
  });
});
