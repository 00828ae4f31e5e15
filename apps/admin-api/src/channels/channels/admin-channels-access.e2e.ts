import { expect } from 'chai';
import { adminToken, AdminRoute, buildTestApp, describeAdminRouteAccess, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['Communications_READ', 'Communications_CREATE', 'Communications_UPDATE'];

/** The admin channel routes and their permissions, exactly as community-content-uploads.md "Channels, admin" lists them. */
const ROUTES: AdminRoute[] = [
  ['post', '/api/admin/channels', 'Communications_CREATE'],
  ['get', '/api/admin/channels', 'Communications_READ'],
  ['get', '/api/admin/channels/1', 'Communications_READ'],
  ['patch', '/api/admin/channels/1', 'Communications_UPDATE'],
  ['patch', '/api/admin/channels/1/access-policy', 'Communications_UPDATE'],
  ['patch', '/api/admin/channels/1/status', 'Communications_UPDATE'],
  ['post', '/api/admin/channels/1/restore', 'Communications_UPDATE'],
];

describe('Admin channel routes: authentication and permissions (admin-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: PERMISSIONS,
    documentedPath: (path) => path.replace('/channels/1', '/channels/{id}'),
    soleHolder: { path: (path) => path.replace('/channels/1', '/channels/2000000000') },
  });

  it('lets an admin holding "*" through', async () => {
    await api.http.get('/api/admin/channels').set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(200);
  });

  it('documents the create body, the required Idempotency-Key and the list query in /openapi.json', async () => {
    const { body: document } = await api.http.get('/openapi.json').expect(200);
    const create = document.paths['/api/admin/channels'].post;
    expect(create.requestBody.content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/CreateChannelDto' });
    const key = create.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key');
    expect(key).to.include({ in: 'header', required: true });
    const schema = document.components.schemas.CreateChannelDto;
    expect(schema.properties).to.include.keys('kind', 'access_policy', 'visibility', 'title', 'description', 'access_policy_config');
    expect(document.components.schemas.ChannelAccessPolicyConfigDto.properties.resubscribe_backfill_days).to.include({ minimum: 0, maximum: 3650 });
    const listParameters = document.paths['/api/admin/channels'].get.parameters as Array<{ name: string; schema: { enum?: string[] } }>;
    const listed = listParameters.map((p) => p.name);
    expect(listed).to.include.members(['status', 'kind', 'sort', 'order', 'cursor', 'limit']);
    expect(listed, 'each query parameter once').to.deep.equal([...new Set(listed)]);
    expect(listParameters.find((p) => p.name === 'status')?.schema.enum).to.deep.equal(['active', 'archived', 'soft_deleted']);
    expect(listParameters.find((p) => p.name === 'kind')?.schema.enum).to.deep.equal(['BROADCAST', 'PREMIUM_VIEW_ONLY']);
    for (const [path, dto] of [
      ['/api/admin/channels/{id}', 'UpdateChannelDto'],
      ['/api/admin/channels/{id}/access-policy', 'UpdateChannelAccessPolicyDto'],
      ['/api/admin/channels/{id}/status', 'ChangeChannelStatusDto'],
    ]) {
      expect(document.paths[path].patch.requestBody.content['application/json'].schema.$ref, path).to.equal(`#/components/schemas/${dto}`);
      expect(document.components.schemas[dto], dto).to.be.an('object');
    }
  });
});
