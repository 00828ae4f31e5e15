import type { ChannelModel } from '@platform/db';
import { ChannelAccess, ChannelAccessService, ChannelRepository, EntitlementCache } from '@platform/domain';
import { ChannelOptions, createChannel, createSubscription, createSubscriptionCatalog, TestApp, TestCustomer } from '@platform/testing';

const DAY = 86_400_000;
/** `n` days from now (negative: ago). */
export const days = (n: number) => new Date(Date.now() + n * DAY);

/** The three routes, as `customer` (or with a raw Authorization header). */
export function membershipRoutes(api: TestApp) {
  const post = (path: string, auth: TestCustomer | string | undefined, body?: unknown) => {
    const request = api.http.post(path);
    if (auth !== undefined) request.set('Authorization', typeof auth === 'string' ? auth : `Bearer ${auth.accessToken}`);
    return body === undefined ? request.send() : request.send(body as object);
  };
  return {
    join: (auth: TestCustomer | string | undefined, channelId: number | string, body?: unknown) => post(`/api/mobile/channels/${channelId}/join`, auth, body),
    leave: (auth: TestCustomer | string | undefined, channelId: number | string, body?: unknown) => post(`/api/mobile/channels/${channelId}/leave`, auth, body),
    readState: (auth: TestCustomer | string | undefined, channelId: number | string, body?: unknown) =>
      post(`/api/mobile/channels/${channelId}/read-state`, auth, body),
  };
}

export interface GatedChannel {
  channel: ChannelModel;
  /** An entitlement to the channel's feature key from `fromDays` to `toDays` (days from now). */
  entitle(userId: string, fromDays: number, toDays: number): Promise<void>;
}

/**
 * An EXTERNAL_GATED channel on a fresh catalog's basic feature key (PUBLIC unless `options` say
 * otherwise). `entitle` writes the subscription straight to the database and drops the user's
 * cached entitlement windows, as the grant use cases do.
 */
export async function gatedChannel(api: TestApp, options: ChannelOptions = {}): Promise<GatedChannel> {
  const catalog = await createSubscriptionCatalog();
  const channel = await createChannel({ ...options, accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey });
  const plan = { planId: catalog.basic.plan.id, moduleId: catalog.module.id };
  return {
    channel,
    entitle: async (userId, fromDays, toDays) => {
      await createSubscription(userId, plan, { startsAt: days(fromDays), endsAt: days(toDays) });
      await api.app.container.get(EntitlementCache).invalidateUser(userId);
    },
  };
}

/** What THE access function answers now for this user and channel. */
export async function accessOf(api: TestApp, channelId: number, userId: string): Promise<ChannelAccess> {
  const channel = await api.app.container.get(ChannelRepository).requireChannel(channelId);
  return api.app.container.get(ChannelAccessService).decide(channel, { userId });
}
