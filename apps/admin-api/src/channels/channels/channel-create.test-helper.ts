import { randomBytes, randomUUID } from 'node:crypto';
import { ChannelModel } from '@platform/db';
import { adminToken, buildTestApp, createSubscriptionCatalog, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

export const tag = () => randomBytes(4).toString('hex');
export const CHANNEL_PERMISSIONS = ['Communications_READ', 'Communications_CREATE', 'Communications_UPDATE'];

/** A valid create body (unique title), with `overrides` over it. */
export const newChannel = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  kind: 'BROADCAST',
  access_policy: 'OPEN',
  visibility: 'PUBLIC',
  title: `Market signals ${tag()}`,
  ...overrides,
});

export const channelsTitled = (title: string) => ChannelModel.count({ where: { title } });

/** The admin-api under test, a token holding every channel permission, and a known feature key for gated channels. */
export interface ChannelCreateFixture {
  api: TestApp;
  all: string;
  featureKey: string;
  /** POST /api/admin/channels with `key` as Idempotency-Key (a fresh one by default; null sends none). */
  post(body: unknown, key?: string | null, token?: string): ReturnType<TestApp['http']['post']>;
}

export async function channelCreateFixture(): Promise<ChannelCreateFixture> {
  const api = await buildTestApp(createAdminApi);
  const all = `Bearer ${adminToken(api.app.container, CHANNEL_PERMISSIONS, 'admin-creator')}`;
  const featureKey = (await createSubscriptionCatalog()).premiumKey;
  const post = (body: unknown, key: string | null = randomUUID(), token = all) => {
    const request = api.http.post('/api/admin/channels').set('Authorization', token);
    return key === null ? request.send(body as object) : request.set('Idempotency-Key', key).send(body as object);
  };
  return { api, all, featureKey, post };
}
