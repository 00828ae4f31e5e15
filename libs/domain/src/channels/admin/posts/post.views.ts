import type { ChannelPostAttachmentModel, ChannelPostModel, ChannelPostType } from '@platform/db';

export interface ChannelPostAttachmentView {
  id: number;
  storageKey: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  displayOrder: number;
}

/** A post as admins see it (community-content-uploads.md "Channel post"), tombstones included. */
export interface ChannelPostView {
  id: number;
  channelId: number;
  publishedAt: Date;
  createdByAdminId: string;
  type: ChannelPostType;
  bodyText: string | null;
  linkUrl: string | null;
  chartPayloadJson: Record<string, unknown> | null;
  isPinned: boolean;
  pinnedAt: Date | null;
  isDeleted: boolean;
  deletedAt: Date | null;
  deletedByAdminId: string | null;
  attachments: ChannelPostAttachmentView[];
  createdAt: Date;
  updatedAt: Date;
}

export function toChannelPostAttachmentView(attachment: ChannelPostAttachmentModel): ChannelPostAttachmentView {
  return {
    id: Number(attachment.id),
    storageKey: attachment.storageKey,
    fileName: attachment.fileName,
    mimeType: attachment.mimeType,
    sizeBytes: Number(attachment.sizeBytes),
    displayOrder: attachment.displayOrder,
  };
}

/** `attachments` in display order. */
export function toChannelPostView(post: ChannelPostModel, attachments: ChannelPostAttachmentModel[]): ChannelPostView {
  return {
    id: Number(post.id),
    channelId: post.channelId,
    publishedAt: post.publishedAt,
    createdByAdminId: post.createdByAdminId,
    type: post.type,
    bodyText: post.bodyText,
    linkUrl: post.linkUrl,
    chartPayloadJson: post.chartPayloadJson,
    isPinned: post.isPinned,
    pinnedAt: post.pinnedAt,
    isDeleted: post.isDeleted,
    deletedAt: post.deletedAt,
    deletedByAdminId: post.deletedByAdminId,
    attachments: attachments.map(toChannelPostAttachmentView),
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
  };
}
