import { expect } from 'chai';
import { adminToken, AdminRoute, buildTestApp, createChannel, describeAdminRouteAccess, invalidTokenCases, refusedTokenCode, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['Communications_READ', 'Communications_CREATE', 'Communications_UPDATE'];
const USER = '01900000-0000-7000-8000-0000000000aa';
const CHANNEL = '/api/admin/channels/1/discussion';

/**
 * Every admin discussion route with its permission (issue 23; the channel routes' names: reads
 * READ, writing a message CREATE, settings, moderation, edits and deletes UPDATE, as deleting a
 * post is). Authorization runs before any lookup, so the ids need not exist.
 */
const ROUTES: AdminRoute[] = [
  ['get', CHANNEL, 'Communications_READ'],
  ['patch', CHANNEL, 'Communications_UPDATE'],
  ['get', `${CHANNEL}/messages`, 'Communications_READ'],
  ['post', `${CHANNEL}/messages`, 'Communications_CREATE'],
  ['patch', '/api/admin/discussion-messages/1', 'Communications_UPDATE'],
  ['delete', '/api/admin/discussion-messages/1', 'Communications_UPDATE'],
  ['post', `${CHANNEL}/bans`, 'Communications_UPDATE'],
  ['get', `${CHANNEL}/bans`, 'Communications_READ'],
  ['delete', `${CHANNEL}/bans/${USER}`, 'Communications_UPDATE'],
  ['post', `${CHANNEL}/mutes`, 'Communications_UPDATE'],
  ['get', `${CHANNEL}/mutes`, 'Communications_READ'],
  ['delete', `${CHANNEL}/mutes/${USER}`, 'Communications_UPDATE'],
  ['get', `${CHANNEL}/moderation-actions`, 'Communications_READ'],
];

const documented = (path: string) =>
  path
    .replace('/channels/1', '/channels/{id}')
    .replace('/discussion-messages/1', '/discussion-messages/{id}')
    .replace(`/${USER}`, '/{userId}');

describe('Admin discussion: authentication, permissions and path ids (admin-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: PERMISSIONS,
    documentedPath: documented,
    // Past authorization: an unknown channel or message is 404; an empty body on a write is 422 first.
    soleHolder: {
      path: (path) => path.replace('/channels/1', '/channels/999999999').replace('/discussion-messages/1', '/discussion-messages/999999999'),
      statuses: [404, 422],
    },
  });

  for (const [name, header] of invalidTokenCases('admin', 'admin-sub')) {
    it(`refuses ${name} with 401`, async () => {
      const request = api.http.get(CHANNEL);
      const res = await (header ? request.set('Authorization', header) : request).expect(401);
      expect(res.body.errorCode).to.equal(refusedTokenCode(name));
    });
  }

  it('answers 400 VALIDATION_ERROR for a channel or message id that is not a positive integer, and for a userId that is not a UUID', async () => {
    const all = `Bearer ${adminToken(api.app.container, PERMISSIONS)}`;
    const channel = await createChannel();
    for (const id of ['abc', '0', '01', '-1', '1.5']) {
      const channelRes = await api.http.get(`/api/admin/channels/${id}/discussion`).set('Authorization', all).expect(400);
      expect(channelRes.body.errorCode, id).to.equal('VALIDATION_ERROR');
      const messageRes = await api.http.patch(`/api/admin/discussion-messages/${id}`).set('Authorization', all).send({ body: 'x' }).expect(400);
      expect(messageRes.body.errorCode, id).to.equal('VALIDATION_ERROR');
      await api.http.delete(`/api/admin/discussion-messages/${id}`).set('Authorization', all).expect(400);
    }
    for (const path of ['bans', 'mutes']) {
      const res = await api.http.delete(`/api/admin/channels/${channel.id}/discussion/${path}/not-a-uuid`).set('Authorization', all).expect(400);
      expect(res.body).to.deep.include({ errorCode: 'VALIDATION_ERROR', message: 'userId must be a UUID' });
    }
  });

  it('documents the bodies with real snake_case schemas', async () => {
    const res = await api.http.get('/openapi.json').expect(200);
    const schemas = res.body.components.schemas;
    expect(Object.keys(schemas.UpdateDiscussionDto.properties)).to.have.members([
      'is_enabled', 'title', 'required_feature_key', 'slow_mode_enabled', 'slow_mode_interval_seconds',
    ]);
    expect(schemas.UpdateDiscussionDto.properties.slow_mode_interval_seconds).to.include({ minimum: 1, maximum: 86400 });
    expect(schemas.AdminPostMessageDto.required).to.deep.equal(['body']);
    expect(schemas.AdminPostMessageDto.properties.body).to.include({ type: 'string', minLength: 1, maxLength: 4000 });
    expect(Object.keys(schemas.AdminEditMessageDto.properties)).to.have.members(['body', 'reason']);
    expect(schemas.BanFromDiscussionDto.required).to.deep.equal(['user_id']);
    expect(schemas.MuteInDiscussionDto.required).to.have.members(['user_id', 'muted_until']);
    expect(Object.keys(schemas.ModerationReasonDto.properties)).to.deep.equal(['reason']);
    const paths = res.body.paths;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    expect(paths['/api/admin/channels/{id}/discussion'].patch.requestBody.content['application/json'].schema).to.deep.equal(ref('UpdateDiscussionDto'));
    expect(paths['/api/admin/channels/{id}/discussion/messages'].post.requestBody.content['application/json'].schema).to.deep.equal(ref('AdminPostMessageDto'));
    expect(paths['/api/admin/discussion-messages/{id}'].delete.requestBody).to.include({ required: false });
    const list = paths['/api/admin/channels/{id}/discussion/messages'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).to.have.members(['id', 'after_id', 'before_id', 'limit', 'include_deleted']);
    const bans = paths['/api/admin/channels/{id}/discussion/bans'].get;
    expect(bans.parameters.map((p: { name: string }) => p.name)).to.have.members(['id', 'cursor', 'limit']);
    expect(paths['/api/admin/channels/{id}/discussion/messages'].post.description).to.match(/disabled/);
  });
});
