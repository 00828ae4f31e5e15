import { randomBytes } from 'node:crypto';
import { ChannelPostAttachmentModel, ChannelPostModel, ChannelPostType } from '@platform/db';

export interface ChannelPostAttachmentOptions {
  storageKey?: string;
  fileName?: string;
  mimeType?: string;
  sizeBytes?: number;
}

export interface ChannelPostOptions {
  type?: ChannelPostType;
  bodyText?: string | null;
  linkUrl?: string | null;
  chartPayloadJson?: Record<string, unknown> | null;
  /** IMAGE and FILE posts get one attachment by default (nothing is stored at its key). */
  attachments?: ChannelPostAttachmentOptions[];
  publishedAt?: Date;
  isPinned?: boolean;
  isDeleted?: boolean;
  createdByAdminId?: string;
}

export type TestChannelPost = ChannelPostModel & { attachments: ChannelPostAttachmentModel[] };

/**
 * A post written straight to the database with its attachments (independent of the use cases under
 * test), in the shape its type needs: TEXT by default with a body; LINK a link; CHART a small
 * payload; IMAGE and FILE one attachment under uploads/. `isDeleted` makes a tombstone (never
 * pinned). Emits no realtime event and does not move the channel's event_seq.
 */
export async function createChannelPost(channelId: number, options: ChannelPostOptions = {}): Promise<TestChannelPost> {
  const type = options.type ?? 'TEXT';
  const suffix = randomBytes(4).toString('hex');
  const attachments =
    options.attachments ??
    (type === 'IMAGE' ? [{ storageKey: `uploads/image/test/${suffix}.png` }] : type === 'FILE' ? [{ storageKey: `uploads/file/test/${suffix}.pdf` }] : []);
  const now = new Date();
  const isDeleted = options.isDeleted ?? false;
  const isPinned = !isDeleted && (options.isPinned ?? false);
  const admin = options.createdByAdminId ?? 'test-admin';
  const sequelize = ChannelPostModel.sequelize;
  if (!sequelize) throw new Error('ChannelPostModel is not initialised');
  return sequelize.transaction(async (transaction) => {
    const post = await ChannelPostModel.create(
      {
        channelId,
        type,
        bodyText: options.bodyText !== undefined ? options.bodyText : type === 'TEXT' ? `Post ${suffix}` : null,
        linkUrl: options.linkUrl !== undefined ? options.linkUrl : type === 'LINK' ? `https://example.com/${suffix}` : null,
        chartPayloadJson: options.chartPayloadJson !== undefined ? options.chartPayloadJson : type === 'CHART' ? { series: [1, 2, 3] } : null,
        attachmentCount: attachments.length,
        publishedAt: options.publishedAt ?? now,
        createdByAdminId: admin,
        isPinned,
        pinnedAt: isPinned ? now : null,
        isDeleted,
        deletedAt: isDeleted ? now : null,
        deletedByAdminId: isDeleted ? admin : null,
      },
      { transaction },
    );
    post.attachments = await ChannelPostAttachmentModel.bulkCreate(
      attachments.map((attachment, displayOrder) => {
        const storageKey = attachment.storageKey ?? `uploads/file/test/${suffix}-${displayOrder}.pdf`;
        return {
          postId: post.id,
          storageKey,
          fileName: attachment.fileName ?? storageKey.slice(storageKey.lastIndexOf('/') + 1),
          mimeType: attachment.mimeType ?? 'application/octet-stream',
          sizeBytes: attachment.sizeBytes ?? 1024,
          displayOrder,
        };
      }),
      { transaction, returning: true },
    );
    return post as TestChannelPost;
  });
}
