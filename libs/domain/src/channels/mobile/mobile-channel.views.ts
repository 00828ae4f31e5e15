import type { ChannelAccessPolicy, ChannelKind, ChannelStatus, ChannelVisibility } from '@platform/db';
import type { ResolvedUrl } from '@platform/storage';
import type { Actor } from '../../shared';
import type { ChannelReader } from '../access';
import type { ChannelWithPolicy, PostWithAttachments } from '../channel.repository';
import { ChannelPostAttachmentView, ChannelPostView, toChannelPostAttachmentView } from '../admin/posts/post.views';

/**
 * The reader of an optional-JWT mobile route: a customer token reads as that customer; no token,
 * or an admin token, reads as anonymous (an admin's `sub` names no customer, so it holds no
 * entitlement or membership; the admin routes are where admins read everything).
 */
export function channelReaderOf(actor: Actor | undefined): ChannelReader {
  return actor?.kind === 'customer' ? { userId: actor.id } : null;
}

/** A channel's unread posts are counted up to this many (community-content-uploads.md: "capped at 1,000"). */
export const UNREAD_COUNT_CAP = 1000;

/**
 * The mobile channel item (community-content-uploads.md "Channel": the mobile item; issue 22):
 * - `isJoined`: joined for push; `isLocked`: joined, but may not read it now (lost gated access);
 * - `unreadCount`: visible, not deleted posts with an id above the reader's read cursor (0 without
 *   one, so an anonymous reader counts every visible post), at most UNREAD_COUNT_CAP; 0 when the
 *   reader may not read the channel;
 * - `lastPostId`: the newest visible, not deleted post's id; null when there is none or the
 *   reader may not read the channel (a locked shell tells nothing about the content).
 */
export interface MobileChannelItemView {
  id: number;
  kind: ChannelKind;
  accessPolicy: ChannelAccessPolicy;
  status: ChannelStatus;
  visibility: ChannelVisibility;
  title: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
  isJoined: boolean;
  isLocked: boolean;
  unreadCount: number;
  lastPostId: number | null;
}

export interface MobileChannelPostStats {
  unreadCount: number;
  lastPostId: number | null;
}

export function toMobileChannelItem(
  channel: ChannelWithPolicy,
  access: { isJoined: boolean; isLocked: boolean },
  stats: MobileChannelPostStats,
): MobileChannelItemView {
  return {
    id: channel.id,
    kind: channel.kind,
    accessPolicy: channel.accessPolicy,
    status: channel.status,
    visibility: channel.visibility,
    title: channel.title,
    description: channel.description,
    createdAt: channel.createdAt,
    updatedAt: channel.updatedAt,
    isJoined: access.isJoined,
    isLocked: access.isLocked,
    unreadCount: stats.unreadCount,
    lastPostId: stats.lastPostId,
  };
}

/** An attachment as customers get it: the stored fields plus its resolved `url` and `expiresAt` (Unix ms, or null for a stable URL). */
export interface MobilePostAttachmentView extends ChannelPostAttachmentView {
  url: string;
  expiresAt: number | null;
}

/**
 * A post as customers read it (community-content-uploads.md "Channel post", the mobile form). A
 * deleted post is a tombstone: `isDeleted`, `deletedAt`, and bodyText, linkUrl, chartPayloadJson
 * null and no attachments, so a client drops its cached copy. `deletedByAdminId` is left out: who
 * deleted a post is for admins.
 */
export interface MobilePostView extends Omit<ChannelPostView, 'deletedByAdminId' | 'attachments'> {
  attachments: MobilePostAttachmentView[];
}

/** `urls[i]` is the resolved URL of `post.attachments[i]` (unused for a tombstone). */
export function toMobilePostView(post: PostWithAttachments, urls: ResolvedUrl[]): MobilePostView {
  const deleted = post.isDeleted;
  return {
    id: Number(post.id),
    channelId: post.channelId,
    publishedAt: post.publishedAt,
    createdByAdminId: post.createdByAdminId,
    type: post.type,
    bodyText: deleted ? null : post.bodyText,
    linkUrl: deleted ? null : post.linkUrl,
    chartPayloadJson: deleted ? null : post.chartPayloadJson,
    isPinned: post.isPinned,
    pinnedAt: post.pinnedAt,
    isDeleted: deleted,
    deletedAt: post.deletedAt,
    attachments: deleted ? [] : post.attachments.map((attachment, index) => ({ ...toChannelPostAttachmentView(attachment), ...urls[index] })),
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
  };
}
