import type { ChannelDiscussionModel, DiscussionAuthorType, DiscussionMessageModel } from '@platform/db';

/** The Discussion fields (community-content-uploads.md "Discussion and messages"). */
export interface DiscussionView {
  id: number;
  channelId: number;
  title: string;
  isEnabled: boolean;
  requiredFeatureKey: string | null;
  slowModeEnabled: boolean;
  slowModeIntervalSeconds: number | null;
  createdByAdminId: string;
  createdAt: Date;
  updatedAt: Date;
}

export const toDiscussionView = (discussion: ChannelDiscussionModel): DiscussionView => ({
  id: discussion.id,
  channelId: discussion.channelId,
  title: discussion.title,
  isEnabled: discussion.isEnabled,
  requiredFeatureKey: discussion.requiredFeatureKey,
  slowModeEnabled: discussion.slowModeEnabled,
  slowModeIntervalSeconds: discussion.slowModeIntervalSeconds,
  createdByAdminId: discussion.createdByAdminId,
  createdAt: discussion.createdAt,
  updatedAt: discussion.updatedAt,
});

/** The compact view: exactly these fields. Ids are strings (bigint). */
export interface CompactMessageView {
  id: string;
  authorType: DiscussionAuthorType;
  authorUserId: string | null;
  authorAdminId: string | null;
  /** null for a deleted message (a tombstone). */
  body: string | null;
  isDeleted: boolean;
  createdAt: Date;
}

/** The full view. */
export interface MessageView extends CompactMessageView {
  discussionId: number;
  deletedAt: Date | null;
  deletedByAdminId: string | null;
  editedAt: Date | null;
  editedByUserId: string | null;
  editedByAdminId: string | null;
  updatedAt: Date;
}

export type MessageViewName = 'full' | 'compact';

export const toCompactMessageView = (message: DiscussionMessageModel): CompactMessageView => ({
  id: String(message.id),
  authorType: message.authorType,
  authorUserId: message.authorUserId,
  authorAdminId: message.authorAdminId,
  body: message.isDeleted ? null : message.body,
  isDeleted: message.isDeleted,
  createdAt: message.createdAt,
});

export const toMessageView = (message: DiscussionMessageModel): MessageView => ({
  id: String(message.id),
  discussionId: message.discussionId,
  authorType: message.authorType,
  authorUserId: message.authorUserId,
  authorAdminId: message.authorAdminId,
  body: message.isDeleted ? null : message.body,
  isDeleted: message.isDeleted,
  deletedAt: message.deletedAt,
  deletedByAdminId: message.deletedByAdminId,
  editedAt: message.editedAt,
  editedByUserId: message.editedByUserId,
  editedByAdminId: message.editedByAdminId,
  createdAt: message.createdAt,
  updatedAt: message.updatedAt,
});
