import { Service } from 'typedi';
import { AdminActor, readStrictBody } from '../../../../shared';
import { DiscussionMessageDeleted } from '../../discussion.errors';
import { MessageView } from '../../discussion.views';
import { DiscussionModerationActsService } from '../discussion-moderation-acts.service';
import { AdminEditMessageDto } from '../dto/admin-message.dto';

/**
 * PATCH /api/admin/discussion-messages/:id: an admin edits any message (CONTRACT section 10):
 * editedAt now, editedByAdminId the token's sub, editedByUserId cleared (the edited CHECK names one
 * editor, the last). Every admin edit is moderation: a message_edit entry (with the optional
 * reason) joins the log, naming the author for a user's message and no user for an admin's (the
 * editor's own or another admin's). Times come from the app Clock, updatedAt too. A tombstone is
 * 422 CHANNEL_MESSAGE_DELETED; a message of a soft-deleted channel 422 CHANNEL_SOFT_DELETED until
 * it is restored.
 */
@Service()
export class AdminEditMessageUseCase {
  constructor(private readonly acts: DiscussionModerationActsService) {}

  async execute(admin: AdminActor, messageId: string, body: unknown): Promise<MessageView> {
    const dto = readStrictBody(AdminEditMessageDto, body);
    return this.acts.onMessage(admin, messageId, {
      action: 'message_edit',
      reason: dto.reason,
      change: (message, at) => {
        if (message.isDeleted) throw DiscussionMessageDeleted();
        return { body: dto.body, editedAt: at, editedByAdminId: admin.id, editedByUserId: null };
      },
    });
  }
}
