import { AdminRoute, buildTestApp, describeAdminRouteAccess, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/** Categories and tags are item labels: the Content_* permissions (the spec's item routes), not ContentSeries_*. */
const PERMISSIONS = ['Content_READ', 'Content_CREATE', 'Content_UPDATE', 'Content_DELETE', 'ContentSeries_READ', 'ContentSeries_CREATE', 'ContentSeries_DELETE'];

const ROUTES: AdminRoute[] = [
  ['get', '/api/admin/content-categories', 'Content_READ'],
  ['post', '/api/admin/content-categories', 'Content_CREATE'],
  ['delete', '/api/admin/content-categories/1', 'Content_DELETE'],
  ['get', '/api/admin/content-tags', 'Content_READ'],
  ['post', '/api/admin/content-tags', 'Content_CREATE'],
  ['delete', '/api/admin/content-tags/1', 'Content_DELETE'],
];

describe('Admin content category and tag routes: authentication and permissions (admin-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: PERMISSIONS,
    documentedPath: (path) => path.replace(/\/1$/, '/{id}'),
    soleHolder: { path: (path) => path.replace(/\/1$/, '/2147483000'), statuses: [200, 400, 404] },
  });
});
