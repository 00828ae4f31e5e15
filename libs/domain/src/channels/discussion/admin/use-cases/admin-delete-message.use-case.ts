import { Service } from 'typedi';
import { AdminActor } from '../../../../shared';
import { MessageView } from '../../discussion.views';
import { DiscussionModerationActsService } from '../discussion-moderation-acts.service';
import { readModerationReason } from '../dto/admin-message.dto';

/**
 * DELETE /api/admin/discussion-messages/:id (optional body { reason }): any message becomes a
 * tombstone (isDeleted, body null, deletedAt now, deletedByAdminId the token's sub), which keeps
 * its place in the list. Every admin delete is moderation: a message_delete entry joins the log,
 * naming the author for a user's message and no user for an admin's. Times come from the app
 * Clock, updatedAt too. Deleting a tombstone again answers it as it is, with no second event or
 * log entry. A message of a soft-deleted channel is 422 CHANNEL_SOFT_DELETED until it is restored.
 */
@Service()
export class AdminDeleteMessageUseCase {
  constructor(private readonly acts: DiscussionModerationActsService) {}

  async execute(admin: AdminActor, messageId: string, body: unknown): Promise<MessageView> {
    const reason = readModerationReason(body);
    return this.acts.onMessage(admin, messageId, {
      action: 'message_delete',
      reason,
      change: (message, at) =>
        message.isDeleted ? null : { isDeleted: true, body: null, deletedAt: at, deletedByAdminId: admin.id, deletedByUserId: null },
    });
  }
}
