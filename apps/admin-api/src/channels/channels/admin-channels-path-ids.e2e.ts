import { expect } from 'chai';
import { adminToken, buildTestApp, createChannel, createChannelPost, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

type Method = 'get' | 'post' | 'patch' | 'delete';

const CHANNEL_ROUTES: Array<[Method, (id: string) => string]> = [
  ['get', (id) => `/api/admin/channels/${id}`],
  ['patch', (id) => `/api/admin/channels/${id}`],
  ['patch', (id) => `/api/admin/channels/${id}/access-policy`],
  ['patch', (id) => `/api/admin/channels/${id}/status`],
  ['post', (id) => `/api/admin/channels/${id}/restore`],
  ['get', (id) => `/api/admin/channels/${id}/posts`],
  ['post', (id) => `/api/admin/channels/${id}/posts`],
];
const POST_ROUTES: Array<[Method, (channelId: string | number, postId: string) => string]> = [
  ['get', (channelId, postId) => `/api/admin/channels/${channelId}/posts/${postId}`],
  ['patch', (channelId, postId) => `/api/admin/channels/${channelId}/posts/${postId}`],
  ['delete', (channelId, postId) => `/api/admin/channels/${channelId}/posts/${postId}`],
  ['post', (channelId, postId) => `/api/admin/channels/${channelId}/posts/${postId}/pin`],
];
const NOT_POSITIVE = ['0', '00', '007'];

/** Issue 21: path ids that are not positive integers are 400 VALIDATION_ERROR naming the parameter, never a 404. */
describe('Admin channels: path ids that are not positive integers (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const send = (method: Method, path: string) => api.http[method](path).set('Authorization', all).send({});
  const expect400 = async (method: Method, path: string, field: string) => {
    const res = await send(method, path);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).to.equal(400);
    expect(res.body).to.deep.equal({
      message: `${field} must be a positive integer`,
      errorCode: 'VALIDATION_ERROR',
      errors: [{ field, code: 'isInt', message: `${field} must be a positive integer` }],
    });
  };

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = `Bearer ${adminToken(api.app.container, ['Communications_READ', 'Communications_CREATE', 'Communications_UPDATE'])}`;
  });

  for (const [method, path] of CHANNEL_ROUTES) {
    it(`${method.toUpperCase()} ${path(':id')} answers 400 naming id for ${NOT_POSITIVE.join(', ')}`, async () => {
      for (const id of NOT_POSITIVE) await expect400(method, path(id), 'id');
    });
  }

  for (const [method, path] of POST_ROUTES) {
    it(`${method.toUpperCase()} ${path(':id', ':postId')} answers 400 naming the id that is not a positive integer`, async () => {
      const channel = await createChannel();
      const post = await createChannelPost(channel.id);
      for (const id of NOT_POSITIVE) {
        await expect400(method, path(id, post.id), 'id');
        await expect400(method, path(channel.id, id), 'postId');
      }
    });
  }

  it('still finds a channel and a post by their plain ids', async () => {
    const channel = await createChannel();
    const post = await createChannelPost(channel.id);
    expect((await send('get', `/api/admin/channels/${channel.id}`).expect(200)).body.data.id).to.equal(channel.id);
    expect((await send('get', `/api/admin/channels/${channel.id}/posts/${post.id}`).expect(200)).body.data.id).to.equal(Number(post.id));
  });
});
