import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { Op, RefreshTokenModel } from '@platform/db';
import { EnsureBootstrapAdminUseCase, RefreshSessionUseCase, RefreshTokenService } from '@platform/domain';
import {
  adminToken,
  buildTestApp,
  createCustomer,
  customerToken,
  invalidTokenCases,
  refusedTokenCode,
  isolatedInfrastructure,
  closeTestInfrastructure,
  TEST_ENV,
  TestApp,
  uniqueEmail,
} from '@platform/testing';
import type { Infrastructure } from '@platform/runtime';
import { createCustomerApi } from '../customer-api';

describe('Customer auth (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  for (const prefix of ['/api/auth', '/api/mobile/auth']) {
    describe(prefix, () => {
      it('registers a customer and returns a working session', async () => {
        const email = uniqueEmail('Sita');
        const res = await api.http
          .post(`${prefix}/register`)
          .send({ email: `  ${email.toUpperCase()} `, password: 'a long passphrase', fullName: 'Sita Sharma', phone: '+9779800000000' })
          .expect(201);
        expect(res.body.message).to.equal('Registered successfully');
        expect(res.body.data.user).to.include({ email: email.toLowerCase(), fullName: 'Sita Sharma', phone: '+9779800000000' });
        expect(res.body.data).to.include({ tokenType: 'Bearer' });
        expect(res.body.data.user).not.to.have.property('passwordHash');
        const me = await api.http.get(`${prefix}/me`).set('Authorization', `Bearer ${res.body.data.accessToken}`).expect(200);
        expect(me.body.data.id).to.equal(res.body.data.user.id);
      });

      it('refuses a second account for the same email, whatever its case', async () => {
        const customer = await createCustomer(api.app.container);
        const res = await api.http
          .post(`${prefix}/register`)
          .send({ email: customer.email.toUpperCase(), password: 'another passphrase', fullName: 'Copy' })
          .expect(409);
        expect(res.body.errorCode).to.equal('AUTH_EMAIL_TAKEN');
      });

      it('rejects a weak password and an invalid email with VALIDATION_ERROR', async () => {
        const res = await api.http.post(`${prefix}/register`).send({ email: 'nope', password: 'short', fullName: '' }).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
        expect(res.body.errors.map((e: { field: string }) => e.field)).to.include.members(['email', 'password', 'fullName']);
      });

      it('logs in with the right password', async () => {
        const customer = await createCustomer(api.app.container);
        const res = await api.http.post(`${prefix}/login`).send({ email: customer.email, password: customer.password }).expect(200);
        expect(res.body.data.user.id).to.equal(customer.id);
        expect(res.body.data.accessToken).to.be.a('string');
        expect(res.body.data.refreshToken).to.be.a('string');
      });

      it('refuses a wrong password and an unknown email alike', async () => {
        const customer = await createCustomer(api.app.container);
        const wrong = await api.http.post(`${prefix}/login`).send({ email: customer.email, password: 'not it at all' }).expect(401);
        const unknown = await api.http.post(`${prefix}/login`).send({ email: uniqueEmail(), password: 'whatever1' }).expect(401);
        expect(wrong.body).to.deep.equal(unknown.body);
        expect(wrong.body.errorCode).to.equal('AUTH_INVALID_CREDENTIALS');
      });

      it('rotates the refresh token: the new one works, the old one does not', async () => {
        const customer = await createCustomer(api.app.container);
        const first = await api.http.post(`${prefix}/refresh`).send({ refreshToken: customer.refreshToken }).expect(200);
        expect(first.body.data.refreshToken).not.to.equal(customer.refreshToken);
        await api.http.get(`${prefix}/me`).set('Authorization', `Bearer ${first.body.data.accessToken}`).expect(200);
        const replay = await api.http.post(`${prefix}/refresh`).send({ refreshToken: customer.refreshToken }).expect(401);
        expect(replay.body.errorCode).to.equal('AUTH_INVALID_REFRESH_TOKEN');
      });
    });
  }

  it('revokes the whole token family when a used refresh token is replayed later', async () => {
    const customer = await createCustomer(api.app.container);
    const next = await api.http.post('/api/auth/refresh').send({ refreshToken: customer.refreshToken }).expect(200);
    // Age the rotation past the retry grace: this replay is no client retry.
    await RefreshTokenModel.update({ revokedAt: new Date(Date.now() - 60_000) }, { where: { revokedAt: { [Op.ne]: null }, userId: customer.id } });
    await api.http.post('/api/auth/refresh').send({ refreshToken: customer.refreshToken }).expect(401);
    await api.http.post('/api/auth/refresh').send({ refreshToken: next.body.data.refreshToken }).expect(401);
  });

  it('lets only one of two concurrent refreshes succeed, without logging the winner out', async () => {
    const customer = await createCustomer(api.app.container);
    const results = await Promise.all(
      [1, 2].map(() => api.http.post('/api/auth/refresh').send({ refreshToken: customer.refreshToken })),
    );
    expect(results.map((res) => res.status).sort()).to.deep.equal([200, 401]);
    const [winner] = results.filter((res) => res.status === 200);
    await api.http.post('/api/auth/refresh').send({ refreshToken: winner.body.data.refreshToken }).expect(200);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await api.http.post('/api/auth/refresh').send({ refreshToken: 'made-up-token' }).expect(401);
    expect(res.body.errorCode).to.equal('AUTH_INVALID_REFRESH_TOKEN');
  });

  it('refuses a refresh token issued to an admin', async () => {
    const admin = await api.app.container.get(EnsureBootstrapAdminUseCase).execute();
    const { token } = await api.app.container.get(RefreshTokenService).issue({ kind: 'admin', id: admin.id });
    const res = await api.http.post('/api/auth/refresh').send({ refreshToken: token }).expect(401);
    expect(res.body.errorCode).to.equal('AUTH_INVALID_REFRESH_TOKEN');
    // ...and the refused attempt did not consume it for its rightful owner.
    await api.app.container.get(RefreshSessionUseCase).execute('admin', token);
  });

  describe('401 on a customer route', () => {
    for (const [name, header] of invalidTokenCases('customer', '01900000-0000-7000-8000-000000000001')) {
      it(`refuses ${name}`, async () => {
        const request = api.http.get('/api/auth/me');
        if (header) request.set('Authorization', header);
        const res = await request.expect(401);
        expect(res.body.errorCode).to.equal(refusedTokenCode(name));
      });
    }

    it('refuses a valid token whose customer does not exist', async () => {
      const res = await api.http.get('/api/auth/me').set('Authorization', `Bearer ${customerToken(api.app.container, uuidv7())}`).expect(401);
      expect(res.body.errorCode).to.equal('UNAUTHORIZED');
    });
  });

  it('gives 403 to an admin token on a customer route', async () => {
    const res = await api.http.get('/api/auth/me').set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(403);
    expect(res.body.errorCode).to.equal('FORBIDDEN');
  });

  describe('login throttling', () => {
    let throttled: TestApp;
    let infra: Infrastructure;

    before(async () => {
      infra = await isolatedInfrastructure('customer-api', {
        REDIS_PREFIX: `${TEST_ENV['REDIS_PREFIX']}:throttle`,
        LOGIN_MAX_FAILURES: '3',
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
        LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
        AUTH_REGISTER_RATE_LIMIT: '2',
        TRUST_PROXY: 'loopback',
      });
      throttled = await buildTestApp(createCustomerApi, infra);
    });
    after(() => closeTestInfrastructure(infra));

    const login = (email: string, password: string, ip = '203.0.113.7') =>
      throttled.http.post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });

    it('answers 429 with Retry-After after too many failures, even with the right password', async () => {
      const customer = await createCustomer(throttled.app.container);
      for (let i = 0; i < 3; i++) await login(customer.email, 'wrong password').expect(401);
      const res = await login(customer.email, customer.password).expect(429);
      expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
      expect(Number(res.headers['retry-after'])).to.be.greaterThan(0);
    });

    it('lets no more than the limit of parallel guesses reach the password check', async () => {
      const customer = await createCustomer(throttled.app.container);
      const results = await Promise.all(Array.from({ length: 10 }, () => login(customer.email, 'wrong password', '203.0.113.8')));
      const statuses = results.map((res) => res.status);
      expect(statuses.filter((status) => status === 401)).to.have.length(3);
      expect(statuses.filter((status) => status === 429)).to.have.length(7);
    });

    it('counts failures per account across addresses too', async () => {
      const customer = await createCustomer(throttled.app.container);
      for (let i = 0; i < 5; i++) await login(customer.email, 'wrong password', `198.51.100.${i}`).expect(401);
      await login(customer.email, customer.password, '198.51.100.200').expect(429);
    });

    it('counts failures per account: another customer can still log in', async () => {
      const other = await createCustomer(throttled.app.container);
      await login(other.email, other.password).expect(200);
    });

    it('clears the failure count after a successful login', async () => {
      const customer = await createCustomer(throttled.app.container);
      for (let i = 0; i < 2; i++) await login(customer.email, 'wrong password', '203.0.113.9').expect(401);
      await login(customer.email, customer.password, '203.0.113.9').expect(200);
      for (let i = 0; i < 2; i++) await login(customer.email, 'wrong password', '203.0.113.9').expect(401);
      await login(customer.email, customer.password, '203.0.113.9').expect(200);
    });

    it('limits registrations per client', async () => {
      const register = () =>
        throttled.http
          .post('/api/auth/register')
          .set('X-Forwarded-For', '192.0.2.44')
          .send({ email: uniqueEmail(), password: 'a long passphrase', fullName: 'Many' });
      await register().expect(201);
      await register().expect(201);
      const res = await register().expect(429);
      expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
    });
  });
});
