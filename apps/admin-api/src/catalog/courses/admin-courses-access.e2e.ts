import { adminToken, AdminRoute, buildTestApp, describeAdminRouteAccess, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['COURSES_READ', 'COURSES_CREATE', 'COURSES_UPDATE', 'COURSES_DELETE'];

/** Every course route with the permission it needs. Authorization runs before any lookup, so ids need not exist. */
const ROUTES: AdminRoute[] = [
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

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: PERMISSIONS,
    documentedPath: (path) =>
      path.replace('/courses/1', '/courses/{id}').replace('/topics/1', '/topics/{topicId}').replace('/lessons/1', '/lessons/{lessonId}'),
  });

  it('lets an admin holding "*" through', async () => {
    await api.http.get('/api/admin/courses').set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(200);
  });
});
