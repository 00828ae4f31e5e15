import { expect } from 'chai';
import { adminToken, buildTestApp, createCustomer, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['COURSES_READ', 'COURSES_CREATE', 'COURSES_UPDATE', 'COURSES_DELETE'];

/** Every course route with the permission it needs. Authorization runs before any lookup, so ids need not exist. */
const ROUTES: Array<[method: 'get' | 'post' | 'patch' | 'delete', path: string, permission: string]> = [
  ['get', '/api/admin/courses', 'COURSES_READ'],
  ['post', '/api/admin/courses', 'COURSES_CREATE'],
  ['get', '/api/admin/courses/1', 'COURSES_READ'],
  ['patch', '/api/admin/courses/1', 'COURSES_UPDATE'],
  ['post', '/api/admin/courses/1/publish', 'COURSES_UPDATE'],
  ['post', '/api/admin/courses/1/unpublish', 'COURSES_UPDATE'],
  ['delete', '/api/admin/courses/1', 'COURSES_DELETE'],
  ['get', '/api/admin/courses/1/curriculum', 'COURSES_READ'],
  ['post', '/api/admin/courses/1/topics', 'COURSES_UPDATE'],
  ['patch', '/api/admin/courses/1/topics/1', 'COURSES_UPDATE'],
  ['delete', '/api/admin/courses/1/topics/1', 'COURSES_UPDATE'],
  ['post', '/api/admin/courses/1/topics/1/lessons', 'COURSES_UPDATE'],
  ['patch', '/api/admin/courses/1/lessons/1', 'COURSES_UPDATE'],
  ['delete', '/api/admin/courses/1/lessons/1', 'COURSES_UPDATE'],
];

describe('Admin course routes: authentication and permissions (admin-api)', () => {
  let api: TestApp;
  let customer: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    customer = `Bearer ${(await createCustomer(api.app.container)).accessToken}`;
  });

  for (const [method, path, permission] of ROUTES) {
    describe(`${method.toUpperCase()} ${path} (${permission})`, () => {
      it('answers 401 UNAUTHORIZED without a token', async () => {
        const res = await api.http[method](path).send({}).expect(401);
        expect(res.body.errorCode).to.equal('UNAUTHORIZED');
      });

      it('answers 403 FORBIDDEN to a customer token', async () => {
        const res = await api.http[method](path).set('Authorization', customer).send({}).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });

      it(`answers 403 FORBIDDEN to an admin holding every course permission but ${permission}`, async () => {
        const token = adminToken(api.app.container, PERMISSIONS.filter((p) => p !== permission));
        const res = await api.http[method](path).set('Authorization', `Bearer ${token}`).send({}).expect(403);
        expect(res.body).to.deep.equal({ message: `Missing permission: ${permission}`, errorCode: 'FORBIDDEN' });
      });
    });
  }

  it('lets an admin holding "*" through', async () => {
    await api.http.get('/api/admin/courses').set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(200);
  });

  it('documents every course route in /openapi.json with a summary and its permission', async () => {
    const res = await api.http.get('/openapi.json').expect(200);
    for (const [method, path, permission] of ROUTES) {
      const documented = path
        .replace('/courses/1', '/courses/{id}').replace('/topics/1', '/topics/{topicId}').replace('/lessons/1', '/lessons/{lessonId}');
      const operation = res.body.paths[documented]?.[method];
      expect(operation, `${method} ${documented}`).to.be.an('object');
      expect(operation.summary, `${method} ${documented}`).to.be.a('string').and.not.equal('');
      expect(operation.description, `${method} ${documented}`).to.match(new RegExp(`^Permission: ${permission}\n\n\\S`));
      expect(operation['x-required-permissions'], `${method} ${documented}`).to.deep.equal([permission]);
    }
  });
});
