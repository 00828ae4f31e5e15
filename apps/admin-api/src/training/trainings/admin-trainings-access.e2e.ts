import { expect } from 'chai';
import { adminToken, AdminRoute, buildTestApp, describeAdminRouteAccess, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['Training_READ', 'Training_CREATE', 'Training_UPDATE', 'Training_DELETE'];

/** Every training record and trailer route with its permission (learning-commerce.md "Training admin"). Ids need not exist. */
const ROUTES: AdminRoute[] = [
  ['get', '/api/admin/training', 'Training_READ'],
  ['post', '/api/admin/training', 'Training_CREATE'],
  ['get', '/api/admin/training/1', 'Training_READ'],
  ['patch', '/api/admin/training/1', 'Training_UPDATE'],
  ['delete', '/api/admin/training/1', 'Training_DELETE'],
  ['post', '/api/admin/training/1/trailer', 'Training_UPDATE'],
  ['delete', '/api/admin/training/1/trailer', 'Training_UPDATE'],
];

describe('Admin training routes: authentication and permissions (admin-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: PERMISSIONS,
    documentedPath: (path) => path.replace('/training/1', '/training/{id}'),
    soleHolder: {},
  });

  it('lets an admin holding "*" through', async () => {
    await api.http.get('/api/admin/training').set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(200);
  });

  it('documents both delete outcomes and the trailerRef rules', async () => {
    const res = await api.http.get('/openapi.json').expect(200);
    const remove = res.body.paths['/api/admin/training/{id}'].delete;
    expect(remove.description).to.contain('outcome deleted').and.contain('outcome archived');
    const update = res.body.paths['/api/admin/training/{id}'].patch;
    expect(update.description).to.contain('a leading /, a backslash or a .. segment is 400').and.contain('deletes that object');
  });
});
