import type { DiscussionBanModel, DiscussionModerationActionName, DiscussionMuteModel, DiscussionSettingsChanges } from '@platform/db';

/** A user banned from a discussion: no posting, editing or deleting there until unbanned. */
export interface DiscussionBanView {
  discussionId: number;
  userId: string;
  bannedByAdminId: string;
  reason: string | null;
  createdAt: Date;
}

/** A user muted in a discussion until `mutedUntil` (set or last replaced at `updatedAt`). */
export interface DiscussionMuteView {
  discussionId: number;
  userId: string;
  mutedUntil: Date;
  mutedByAdminId: string;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * One entry of the moderation log: who (adminId) did what (action) to whom (userId) or which
 * message, until when, why, when; a settings_update names no user and says what it changed.
 */
export interface DiscussionModerationActionView {
  id: string;
  discussionId: number;
  action: DiscussionModerationActionName;
  adminId: string;
  userId: string | null;
  messageId: string | null;
  mutedUntil: Date | null;
  reason: string | null;
  /** settings_update only: each changed field (snake_case, as the PATCH names it) with its value before and after. */
  changes: DiscussionSettingsChanges | null;
  createdAt: Date;
}

/** The answer of the unban and unmute routes: whether a ban (a current mute) was there to lift. */
export interface DiscussionLiftView {
  discussionId: number;
  userId: string;
  removed: boolean;
}

export const toBanView = (ban: DiscussionBanModel): DiscussionBanView => ({
  discussionId: ban.discussionId,
  userId: ban.userId,
  bannedByAdminId: ban.bannedByAdminId,
  reason: ban.reason,
  createdAt: ban.createdAt,
});

export const toMuteView = (mute: DiscussionMuteModel): DiscussionMuteView => ({
  discussionId: mute.discussionId,
  userId: mute.userId,
  mutedUntil: mute.mutedUntil,
  mutedByAdminId: mute.mutedByAdminId,
  reason: mute.reason,
  createdAt: mute.createdAt,
  updatedAt: mute.updatedAt,
});
