import { ChannelDiscussionModel, DiscussionBanModel, DiscussionMessageModel, DiscussionMuteModel } from '@platform/db';

export interface DiscussionSettings {
  title?: string;
  isEnabled?: boolean;
  requiredFeatureKey?: string | null;
  slowModeEnabled?: boolean;
  slowModeIntervalSeconds?: number | null;
}

/** The discussion createChannel made for `channelId`, with `settings` written straight to it. */
export async function discussionOf(channelId: number, settings: DiscussionSettings = {}): Promise<ChannelDiscussionModel> {
  const discussion = await ChannelDiscussionModel.findOne({ where: { channelId } });
  if (!discussion) throw new Error(`channel ${channelId} has no discussion: create it with createChannel`);
  return Object.keys(settings).length > 0 ? discussion.update(settings) : discussion;
}

export interface DiscussionMessageOptions {
  /** A user's message (the default, with `userId`), or an admin's (`adminId`). */
  userId?: string;
  adminId?: string;
  body?: string;
  deleted?: boolean;
  createdAt?: Date;
}

/** A message written straight to the database (no use case, no event, no slow-mode mark). */
export async function createDiscussionMessage(discussionId: number, options: DiscussionMessageOptions): Promise<DiscussionMessageModel> {
  const byAdmin = options.adminId !== undefined;
  if (!byAdmin && options.userId === undefined) throw new Error('createDiscussionMessage needs a userId or an adminId');
  const deleted = options.deleted ?? false;
  return DiscussionMessageModel.create({
    discussionId,
    authorType: byAdmin ? 'ADMIN' : 'USER',
    authorUserId: byAdmin ? null : options.userId,
    authorAdminId: byAdmin ? options.adminId : null,
    body: deleted ? null : (options.body ?? 'A message for tests'),
    isDeleted: deleted,
    deletedAt: deleted ? new Date() : null,
    deletedByAdminId: deleted ? 'test-admin' : null,
    ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
  });
}

/** Bans `userId` from the discussion, as an admin would. */
export function banFromDiscussion(discussionId: number, userId: string, reason: string | null = null): Promise<DiscussionBanModel> {
  return DiscussionBanModel.create({ discussionId, userId, bannedByAdminId: 'test-admin', reason });
}

/** Mutes `userId` in the discussion until `mutedUntil`. */
export function muteInDiscussion(discussionId: number, userId: string, mutedUntil: Date, reason: string | null = null): Promise<DiscussionMuteModel> {
  return DiscussionMuteModel.create({ discussionId, userId, mutedUntil, mutedByAdminId: 'test-admin', reason });
}
