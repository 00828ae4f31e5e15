import { expect } from 'chai';
import { EnsureBootstrapAdminUseCase } from '@platform/domain';
import { buildTestApp, createCustomer, invalidTokenCases, refusedTokenCode, TEST_ENV, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

describe('Admin auth (admin-api)', () => {
  let api: TestApp;
  const credentials = { email: TEST_ENV['ADMIN_EMAIL'], password: TEST_ENV['ADMIN_PASSWORD'] };

  before(async () => {
    api = await buildTestApp(createAdminApi);
    await api.app.container.get(EnsureBootstrapAdminUseCase).execute();
  });

  it('bootstraps the admin from ADMIN_EMAIL/ADMIN_PASSWORD holding "*", once', async () => {
    const again = await api.app.container.get(EnsureBootstrapAdminUseCase).execute();
    expect(again.created).to.equal(false);
    const res = await api.http.post('/api/admin/auth/login').send(credentials).expect(200);
    expect(res.body.data.admin).to.include({ email: credentials.email });
    expect(res.body.data.admin.permissions).to.deep.equal(['*']);
  });

  it('issues an access token that opens admin routes', async () => {
    const login = await api.http.post('/api/admin/auth/login').send(credentials).expect(200);
    const me = await api.http.get('/api/admin/auth/me').set('Authorization', `Bearer ${login.body.data.accessToken}`).expect(200);
    expect(me.body.data).to.deep.equal({ id: login.body.data.admin.id, permissions: ['*'] });
  });

  it('refuses a wrong password with AUTH_INVALID_CREDENTIALS', async () => {
    const res = await api.http.post('/api/admin/auth/login').send({ ...credentials, password: 'not the password' }).expect(401);
    expect(res.body.errorCode).to.equal('AUTH_INVALID_CREDENTIALS');
  });

  it('refreshes an admin session with current permissions', async () => {
    const login = await api.http.post('/api/admin/auth/login').send(credentials).expect(200);
    const res = await api.http.post('/api/admin/auth/refresh').send({ refreshToken: login.body.data.refreshToken }).expect(200);
    await api.http.get('/api/admin/auth/me').set('Authorization', `Bearer ${res.body.data.accessToken}`).expect(200);
  });

  describe('401 on an admin route', () => {
    for (const [name, header] of invalidTokenCases('admin', '01900000-0000-7000-8000-00000000a001')) {
      it(`refuses ${name}`, async () => {
        const request = api.http.get('/api/admin/auth/me');
        if (header) request.set('Authorization', header);
        const res = await request.expect(401);
        expect(res.body.errorCode).to.equal(refusedTokenCode(name));
      });
    }
  });

  it('gives 403 FORBIDDEN to a customer token on an admin route', async () => {
    const customer = await createCustomer(api.app.container);
    const res = await api.http.get('/api/admin/auth/me').set('Authorization', `Bearer ${customer.accessToken}`).expect(403);
    expect(res.body.errorCode).to.equal('FORBIDDEN');
  });
});
