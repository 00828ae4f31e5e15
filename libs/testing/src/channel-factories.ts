import { randomBytes } from 'node:crypto';
import {
  ChannelAccessPolicy,
  ChannelAccessPolicyModel,
  ChannelDiscussionModel,
  ChannelHistoryPolicy,
  ChannelKind,
  ChannelModel,
  ChannelStatus,
  ChannelVisibility,
} from '@platform/db';
import { createSubscriptionCatalog } from './subscription-factories';

export interface ChannelOptions {
  kind?: ChannelKind;
  accessPolicy?: ChannelAccessPolicy;
  visibility?: ChannelVisibility;
  status?: ChannelStatus;
  title?: string;
  description?: string | null;
  /** A gated channel without one gets a fresh catalog's basic key. */
  requiredFeatureKey?: string | null;
  firstSubscribeHistoryPolicy?: ChannelHistoryPolicy;
  resubscribeBackfillDays?: number;
  preservePriorEntitledHistory?: boolean;
  purgeAfter?: Date | null;
  createdByAdminId?: string;
}

/**
 * A channel written straight to the database with its access-policy row and its discussion
 * (independent of the use cases under test): by default an active, open, public BROADCAST
 * channel. `archived` and `soft_deleted` set the metadata the status carries (migration 0016).
 * The returned model holds `accessPolicyConfig`.
 */
export async function createChannel(options: ChannelOptions = {}): Promise<ChannelModel> {
  const accessPolicy = options.accessPolicy ?? 'OPEN';
  let requiredFeatureKey = options.requiredFeatureKey ?? null;
  if (accessPolicy === 'EXTERNAL_GATED' && requiredFeatureKey === null) {
    requiredFeatureKey = (await createSubscriptionCatalog()).basicKey;
  }
  const status = options.status ?? 'active';
  const admin = options.createdByAdminId ?? 'test-admin';
  const now = new Date();
  const sequelize = ChannelModel.sequelize;
  if (!sequelize) throw new Error('ChannelModel is not initialised');
  return sequelize.transaction(async (transaction) => {
    const channel = await ChannelModel.create(
      {
        kind: options.kind ?? 'BROADCAST',
        accessPolicy,
        visibility: options.visibility ?? 'PUBLIC',
        status,
        title: options.title ?? `Channel ${randomBytes(4).toString('hex')}`,
        description: options.description === undefined ? 'A channel for tests' : options.description,
        createdByAdminId: admin,
        archivedAt: status === 'archived' ? now : null,
        archivedByAdminId: status === 'archived' ? admin : null,
        deletedAt: status === 'soft_deleted' ? now : null,
        deletedByAdminId: status === 'soft_deleted' ? admin : null,
        purgeAfter: status === 'soft_deleted' ? (options.purgeAfter ?? null) : null,
      },
      { transaction },
    );
    channel.accessPolicyConfig = await ChannelAccessPolicyModel.create(
      {
        channelId: channel.id,
        accessPolicy,
        firstSubscribeHistoryPolicy: options.firstSubscribeHistoryPolicy ?? 'NO_PAST',
        resubscribeBackfillDays: options.resubscribeBackfillDays ?? 0,
        preservePriorEntitledHistory: options.preservePriorEntitledHistory ?? true,
        requiredFeatureKey,
        updatedByAdminId: admin,
      },
      { transaction },
    );
    await ChannelDiscussionModel.create(
      { channelId: channel.id, title: channel.title, isEnabled: true, requiredFeatureKey: null, slowModeEnabled: false, createdByAdminId: admin },
      { transaction },
    );
    return channel;
  });
}
