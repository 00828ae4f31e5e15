import { ChannelMembershipModel, ChannelModel, ChannelReadStateModel } from '@platform/db';
import { EntitlementService } from '@platform/domain';
import { createChannel, createSubscription, createSubscriptionCatalog, TestApp, TestSubscriptionCatalog } from '@platform/testing';
import type { ChannelOptions } from '@platform/testing';

export const DAY = 24 * 60 * 60 * 1000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
export const bearer = (token: string) => `Bearer ${token}`;

/** A gated channel on a fresh catalog's basic feature, with the catalog to grant it from. */
export async function gatedChannel(options: ChannelOptions = {}): Promise<{ channel: ChannelModel; catalog: TestSubscriptionCatalog }> {
  const catalog = await createSubscriptionCatalog();
  const channel = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey, ...options });
  return { channel, catalog };
}

/**
 * The basic plan of `catalog` for `userId` over [from, to), written directly; the user's cached
 * entitlement windows are dropped, as the grant use cases do.
 */
export async function grant(api: TestApp, userId: string, catalog: TestSubscriptionCatalog, from: Date, to: Date): Promise<void> {
  await createSubscription(userId, { planId: catalog.basic.plan.id, moduleId: catalog.module.id }, { startsAt: from, endsAt: to });
  await api.app.container.get(EntitlementService).invalidate(userId);
}

/** A membership row written directly (the join route is tested with its own suite). */
export function joined(channelId: number, userId: string, isJoined = true): Promise<ChannelMembershipModel> {
  const joinedAt = daysAgo(30);
  return ChannelMembershipModel.create({ channelId, userId, isJoined, joinedAt, leftAt: isJoined ? null : daysAgo(1) });
}

/** A read cursor written directly (the read-state route is tested with its own suite). */
export function readUpTo(channelId: number, userId: string, lastSeenPostId: string | number): Promise<ChannelReadStateModel> {
  return ChannelReadStateModel.create({ channelId, userId, lastSeenPostId: String(lastSeenPostId), lastSeenAt: new Date() });
}
