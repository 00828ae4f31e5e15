import { adminToken, AdminRoute, buildTestApp, describeAdminRouteAccess, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['Content_READ', 'Content_CREATE', 'Content_UPDATE', 'Content_DELETE'];

/** Every admin item route with its permission (community-content-uploads.md "Newsletter content" endpoints; CONTRACT section 10). */
const ROUTES: AdminRoute[] = [
  ['get', '/api/admin/content-items', 'Content_READ'],
  ['post', '/api/admin/content-items', 'Content_CREATE'],
  ['get', '/api/admin/content-items/1', 'Content_READ'],
  ['patch', '/api/admin/content-items/1', 'Content_UPDATE'],
  ['delete', '/api/admin/content-items/1', 'Content_DELETE'],
  ['post', '/api/admin/content-items/1/publish', 'Content_UPDATE'],
  ['post', '/api/admin/content-items/1/unpublish', 'Content_UPDATE'],
  ['post', '/api/admin/content-items/1/archive', 'Content_UPDATE'],
  ['post', '/api/admin/content-items/1/tier', 'Content_UPDATE'],
];

describe('Admin content item routes: authentication and permissions (admin-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: PERMISSIONS,
    documentedPath: (path) => path.replace('/content-items/1', '/content-items/{id}'),
    // Past authorization, an unknown item is 404 and an empty body 400: never 401 or 403.
    soleHolder: { path: (path) => path.replace('/content-items/1', '/content-items/2147483000'), statuses: [200, 400, 404] },
  });

  it('lets an admin holding "*" through', async () => {
    await api.http.get('/api/admin/content-items').set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(200);
  });
});
