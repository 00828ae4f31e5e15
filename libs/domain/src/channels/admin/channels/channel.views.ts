import type { ChannelAccessPolicy, ChannelHistoryPolicy, ChannelKind, ChannelStatus, ChannelVisibility } from '@platform/db';
import type { ChannelWithPolicy } from '../../channel.repository';

/** A channel's access policy config (community-content-uploads.md "Channel": accessPolicyConfig). */
export interface ChannelAccessPolicyConfigView {
  channelId: number;
  firstSubscribeHistoryPolicy: ChannelHistoryPolicy;
  resubscribeBackfillDays: number;
  preservePriorEntitledHistory: boolean;
  requiredFeatureKey: string | null;
  updatedByAdminId: string;
  updatedAt: Date;
}

/** GET /api/admin/channels/:id, and the answer of every channel write. */
export interface ChannelDetailView {
  id: number;
  kind: ChannelKind;
  accessPolicy: ChannelAccessPolicy;
  visibility: ChannelVisibility;
  status: ChannelStatus;
  title: string;
  description: string | null;
  createdByAdminId: string;
  archivedAt: Date | null;
  archivedByAdminId: string | null;
  deletedAt: Date | null;
  deletedByAdminId: string | null;
  purgeAfter: Date | null;
  createdAt: Date;
  updatedAt: Date;
  accessPolicyConfig: ChannelAccessPolicyConfigView;
}

/** A row of the admin channel list: only these fields (the spec's list item). */
export interface AdminChannelListItemView {
  id: number;
  title: string;
  kind: ChannelKind;
  accessPolicy: ChannelAccessPolicy;
  visibility: ChannelVisibility;
  status: ChannelStatus;
  createdAt: Date;
  updatedAt: Date;
}

export function toChannelDetail(channel: ChannelWithPolicy): ChannelDetailView {
  const policy = channel.accessPolicyConfig;
  return {
    id: channel.id,
    kind: channel.kind,
    accessPolicy: channel.accessPolicy,
    visibility: channel.visibility,
    status: channel.status,
    title: channel.title,
    description: channel.description,
    createdByAdminId: channel.createdByAdminId,
    archivedAt: channel.archivedAt,
    archivedByAdminId: channel.archivedByAdminId,
    deletedAt: channel.deletedAt,
    deletedByAdminId: channel.deletedByAdminId,
    purgeAfter: channel.purgeAfter,
    createdAt: channel.createdAt,
    updatedAt: channel.updatedAt,
    accessPolicyConfig: {
      channelId: policy.channelId,
      firstSubscribeHistoryPolicy: policy.firstSubscribeHistoryPolicy,
      resubscribeBackfillDays: policy.resubscribeBackfillDays,
      preservePriorEntitledHistory: policy.preservePriorEntitledHistory,
      requiredFeatureKey: policy.requiredFeatureKey,
      updatedByAdminId: policy.updatedByAdminId,
      updatedAt: policy.updatedAt,
    },
  };
}
