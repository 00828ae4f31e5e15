import { AdminRoute, buildTestApp, describeAdminRouteAccess, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['Content_READ', 'Content_CREATE', 'Content_UPDATE', 'Content_DELETE'];

/** The newsletter send routes with their permissions (community-content-uploads.md "Newsletter content" endpoints). */
const ROUTES: AdminRoute[] = [
  ['post', '/api/admin/content-items/1/send-email', 'Content_UPDATE'],
  ['post', '/api/admin/content-items/1/send-push', 'Content_UPDATE'],
  ['get', '/api/admin/content-items/1/deliveries', 'Content_READ'],
];

describe('Admin newsletter send routes: authentication and permissions (admin-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: PERMISSIONS,
    documentedPath: (path) => path.replace('/content-items/1', '/content-items/{id}'),
    // Past authorization, an unknown item is 404: never 401 or 403.
    soleHolder: { path: (path) => path.replace('/content-items/1', '/content-items/2147483000'), statuses: [404] },
  });
});
