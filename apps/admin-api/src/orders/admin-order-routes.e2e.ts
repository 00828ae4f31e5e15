import { expect } from 'chai';
import { buildTestApp, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';
import { adminBearer } from './admin-orders.test-helper';

const problem = (field: string) => ({ field, code: 'isInt', message: `${field} must be a positive integer` });

/** Issue 18 / STYLE "Routes say what they take": numeric ids are constrained in admin routes too. */
describe('Admin routes: named routes and numeric ids (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = adminBearer(api.app.container, ['Orders_READ', 'Orders_UPDATE', 'Training_READ', 'Training_UPDATE']);
  });

  it('answers a non-numeric id with 400 VALIDATION_ERROR naming each malformed parameter', async () => {
    const cases: Array<[() => ReturnType<TestApp['http']['get']>, string[]]> = [
      [() => api.http.get('/api/admin/orders/abc'), ['id']],
      [() => api.http.post('/api/admin/orders/7/payments/x/refund-settled').send({}), ['paymentId']],
      [() => api.http.get('/api/admin/courses/1.5/curriculum'), ['id']],
      [() => api.http.patch('/api/admin/courses/abc/lessons/-1').send({}), ['id', 'lessonId']],
    ];
    for (const [request, fields] of cases) {
      const res = await request().set('Authorization', auth).expect(400);
      expect(res.body, fields.join()).to.deep.equal({
        message: problem(fields[0]).message,
        errorCode: 'VALIDATION_ERROR',
        errors: fields.map(problem),
      });
    }
  });

  it('answers a wrong method on an existing path with 404 NOT_FOUND and Allow', async () => {
    const cancel = await api.http.get('/api/admin/orders/7/cancel').set('Authorization', auth).expect(404);
    expect(cancel.headers['allow']).to.equal('POST');
    expect(cancel.body).to.deep.equal({ message: 'Route GET /api/admin/orders/7/cancel not found; this path takes POST', errorCode: 'NOT_FOUND' });
    const order = await api.http.delete('/api/admin/orders/7').set('Authorization', auth).expect(404);
    expect(order.headers['allow']).to.equal('GET, HEAD');
  });

  it('still answers an unknown numeric id from the domain, and the request route beside the numeric one', async () => {
    expect((await api.http.get('/api/admin/orders/2000000000').set('Authorization', auth).expect(404)).body.errorCode).to.equal('ORDER_NOT_FOUND');
    const request = await api.http.get('/api/admin/orders/requests/not-a-uuid').set('Authorization', auth).expect(404);
    expect(request.body.errorCode).to.equal('ORDER_ASYNC_REQUEST_NOT_FOUND');
  });
});
