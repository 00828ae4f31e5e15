import { adminToken, AdminRoute, buildTestApp, describeAdminRouteAccess, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['Content_READ', 'Content_CREATE', 'Content_UPDATE', 'Content_DELETE'];

/** Every featured route with the permission the spec's table gives it (community-content-uploads.md "Newsletter content"). Ids need not exist. */
const ROUTES: AdminRoute[] = [
  ['get', '/api/admin/content-featured', 'Content_READ'],
  ['post', '/api/admin/content-featured', 'Content_CREATE'],
  ['get', '/api/admin/content-featured/1', 'Content_READ'],
  ['patch', '/api/admin/content-featured/1', 'Content_UPDATE'],
  ['delete', '/api/admin/content-featured/1', 'Content_DELETE'],
  ['post', '/api/admin/content-featured/reorder', 'Content_UPDATE'],
];

describe('Admin featured content routes: authentication and permissions (admin-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: PERMISSIONS,
    documentedPath: (path) => path.replace('/content-featured/1', '/content-featured/{id}'),
    // Past authorization: an unknown id (404), or an empty body (400); never 401/403.
    soleHolder: { path: (path) => path.replace('/content-featured/1', '/content-featured/2147483647'), statuses: [200, 400, 404] },
  });

  it('lets an admin holding "*" through', async () => {
    await api.http.get('/api/admin/content-featured').set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(200);
  });
});
