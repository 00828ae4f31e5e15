import { expect } from 'chai';
import { AdminRoute, buildTestApp, describeAdminRouteAccess, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['Communications_READ', 'Communications_CREATE', 'Communications_UPDATE'];

/**
 * Every post route with the permission the spec's "Channels, admin" table gives it (the single-post
 * GET, PATCH and DELETE, which the spec leaves to us, as the other reads and changes). Authorization
 * runs before any lookup, so the ids need not exist.
 */
const ROUTES: AdminRoute[] = [
  ['post', '/api/admin/channels/1/posts', 'Communications_CREATE'],
  ['get', '/api/admin/channels/1/posts', 'Communications_READ'],
  ['get', '/api/admin/channels/1/posts/1', 'Communications_READ'],
  ['patch', '/api/admin/channels/1/posts/1', 'Communications_UPDATE'],
  ['delete', '/api/admin/channels/1/posts/1', 'Communications_UPDATE'],
  ['post', '/api/admin/channels/1/posts/1/pin', 'Communications_UPDATE'],
];

const documented = (path: string) => path.replace('/channels/1', '/channels/{id}').replace('/posts/1', '/posts/{postId}');

describe('Admin channel posts: authentication and permissions (admin-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: PERMISSIONS,
    documentedPath: documented,
    // An unknown channel: past authorization the answer is its 404, or the body's 422 / the key's 400 that come first.
    soleHolder: { path: (path) => path.replace('/channels/1', '/channels/999999999'), statuses: [400, 404, 422] },
  });

  it('documents the bodies with real schemas, snake_case, and the required Idempotency-Key on create', async () => {
    const res = await api.http.get('/openapi.json').expect(200);
    const schemas = res.body.components.schemas;
    expect(Object.keys(schemas.CreateChannelPostDto.properties)).to.have.members([
      'type', 'body_text', 'link_url', 'chart_payload_json', 'attachments', 'published_at', 'is_pinned',
    ]);
    expect(schemas.CreateChannelPostDto.required).to.deep.equal(['type']);
    expect(Object.keys(schemas.UpdateChannelPostDto.properties)).to.have.members(['body_text', 'link_url', 'chart_payload_json', 'attachments']);
    expect(schemas.PinChannelPostDto.required).to.deep.equal(['is_pinned']);
    expect(Object.keys(schemas.ChannelPostAttachmentDto.properties)).to.have.members(['storage_key', 'file_name', 'mime_type', 'size_bytes']);
    const paths = res.body.paths;
    const create = paths['/api/admin/channels/{id}/posts'].post;
    expect(create.requestBody.content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/CreateChannelPostDto' });
    expect(create.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key')).to.include({ in: 'header', required: true });
    const list = paths['/api/admin/channels/{id}/posts'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).to.include.members(['id', 'after_id', 'before_id', 'limit', 'include_deleted']);
    expect(paths['/api/admin/channels/{id}/posts/{postId}'].patch.requestBody.content['application/json'].schema).to.deep.equal({
      $ref: '#/components/schemas/UpdateChannelPostDto',
    });
    expect(paths['/api/admin/channels/{id}/posts/{postId}/pin'].post.requestBody.content['application/json'].schema).to.deep.equal({
      $ref: '#/components/schemas/PinChannelPostDto',
    });
  });
});
