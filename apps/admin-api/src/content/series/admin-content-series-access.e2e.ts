import { adminToken, AdminRoute, buildTestApp, describeAdminRouteAccess, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['ContentSeries_READ', 'ContentSeries_CREATE', 'ContentSeries_UPDATE', 'ContentSeries_DELETE'];

/** Every series route with its permission, exactly as the spec's table (community-content-uploads.md "Newsletter content"). */
const ROUTES: AdminRoute[] = [
  ['get', '/api/admin/content-series', 'ContentSeries_READ'],
  ['post', '/api/admin/content-series', 'ContentSeries_CREATE'],
  ['get', '/api/admin/content-series/1', 'ContentSeries_READ'],
  ['patch', '/api/admin/content-series/1', 'ContentSeries_UPDATE'],
  ['delete', '/api/admin/content-series/1', 'ContentSeries_DELETE'],
  ['post', '/api/admin/content-series/1/tier', 'ContentSeries_UPDATE'],
];

describe('Admin content series routes: authentication and permissions (admin-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: PERMISSIONS,
    documentedPath: (path) => path.replace('/content-series/1', '/content-series/{id}'),
    // Series 1 may not exist: past authorization the route answers its own 2xx, 400, 404 or 409.
    soleHolder: { path: (path) => path.replace('/content-series/1', '/content-series/2147483000'), statuses: [200, 400, 404] },
  });

  it('lets an admin holding "*" through', async () => {
    await api.http.get('/api/admin/content-series').set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(200);
  });

  it('does not take Content_* permissions for series routes', async () => {
    const token = adminToken(api.app.container, ['Content_READ', 'Content_CREATE', 'Content_UPDATE', 'Content_DELETE']);
    await api.http.get('/api/admin/content-series').set('Authorization', `Bearer ${token}`).expect(403);
  });
});
