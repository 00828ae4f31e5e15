import { expect } from 'chai';
import { buildTestApp, TestApp } from '@platform/testing';
import { createAdminApi } from './admin-api';

/** Admin panels read required permissions from the OpenAPI document; every admin route states its own. */
describe('admin-api OpenAPI permissions', () => {
  let api: TestApp;
  const PUBLIC = new Set(['/api/admin/auth/login', '/api/admin/auth/refresh']);

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  it('documents the permission of every protected admin operation, whatever its own description', async () => {
    const { body } = await api.http.get('/openapi.json').expect(200);
    const protectedOperations = Object.entries(body.paths as Record<string, Record<string, { description?: string; 'x-required-permissions'?: string[] }>>)
      .filter(([path]) => !PUBLIC.has(path))
      .flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ route: `${method} ${path}`, operation })));
    expect(protectedOperations.length).to.be.greaterThan(20);
    for (const { route, operation } of protectedOperations) {
      expect(operation.description, route).to.match(/^Permission: /);
      expect(operation['x-required-permissions'], route).to.be.an('array');
    }
    const create = body.paths['/api/admin/promotions'].post;
    expect(create['x-required-permissions']).to.deep.equal(['Promotions_CREATE']);
  });
});
