import { Service } from 'typedi';
import { DiscussionModerationActionModel, DiscussionModerationActionName, DiscussionSettingsChanges, Transaction } from '@platform/db';
import { AdminActor, Clock } from '../../../shared';

/**
 * One moderation act to record: what, to whom (null: no user, as for an admin's message or a
 * settings change) or which message, until when (a mute), why, and what a settings_update changed.
 */
export interface ModerationEntry {
  action: DiscussionModerationActionName;
  userId: string | null;
  messageId?: string | null;
  mutedUntil?: Date | null;
  reason?: string | null;
  changes?: DiscussionSettingsChanges | null;
}

/**
 * The moderation log (issue 23: "every moderation action is recorded: who, when, reason"): each
 * moderation write adds its row in its own transaction, so a refused or rolled-back act leaves
 * no entry, and an act that changed nothing (a second ban) adds none.
 */
@Service()
export class DiscussionModerationLogService {
  constructor(private readonly clock: Clock) {}

  async record(admin: AdminActor, discussionId: number, entry: ModerationEntry, tx: Transaction): Promise<void> {
    await DiscussionModerationActionModel.create(
      {
        discussionId,
        action: entry.action,
        adminId: admin.id,
        userId: entry.userId,
        messageId: entry.messageId ?? null,
        mutedUntil: entry.mutedUntil ?? null,
        reason: entry.reason ?? null,
        changes: entry.changes ?? null,
        createdAt: this.clock.now(),
      },
      { transaction: tx },
    );
  }
}
