import { Service } from 'typedi';
import { Database } from '@platform/db';
import { AdminActor, Clock, readStrictBody } from '../../../../shared';
import { ChannelSoftDeleted } from '../../../channels.errors';
import { DiscussionMessageDeleted } from '../../discussion.errors';
import { DiscussionMessageEvents } from '../../discussion-message.events';
import { DiscussionMessagesRepository } from '../../discussion-messages.repository';
import { DiscussionRepository } from '../../discussion.repository';
import { MessageView, toMessageView } from '../../discussion.views';
import { DiscussionModerationLogService } from '../discussion-moderation-log.service';
import { AdminEditMessageDto } from '../dto/admin-message.dto';

/**
 * PATCH /api/admin/discussion-messages/:id: an admin edits any message (CONTRACT section 10):
 * editedAt now, editedByAdminId the token's sub, editedByUserId cleared (the edited CHECK names one
 * editor, the last). Every admin edit is moderation: a message_edit entry (with the optional
 * reason) joins the log, naming the author for a user's message and no user for an admin's (the
 * editor's own or another admin's). Times come from the app Clock, updatedAt too. A tombstone is 422 CHANNEL_MESSAGE_DELETED; a message of a soft-deleted channel 422
 * CHANNEL_SOFT_DELETED until it is restored. Locks the discussion, then the message
 * (DiscussionRepository's order), so an edit and a delete of one message queue up.
 */
@Service()
export class AdminEditMessageUseCase {
  constructor(
    private readonly db: Database,
    private readonly discussions: DiscussionRepository,
    private readonly messages: DiscussionMessagesRepository,
    private readonly events: DiscussionMessageEvents,
    private readonly log: DiscussionModerationLogService,
    private readonly clock: Clock,
  ) {}

  async execute(admin: AdminActor, messageId: string, body: unknown): Promise<MessageView> {
    const dto = readStrictBody(AdminEditMessageDto, body);
    return this.db.transaction(async (tx) => {
      const { channel, discussion, message } = await this.discussions.requireMessage(messageId, tx, true);
      if (channel.status === 'soft_deleted') throw ChannelSoftDeleted();
      if (message.isDeleted) throw DiscussionMessageDeleted();
      const at = this.clock.now();
      await this.messages.update(message, { body: dto.body, editedAt: at, editedByAdminId: admin.id, editedByUserId: null }, at, tx);
      await this.log.record(admin, discussion.id, { action: 'message_edit', userId: message.authorUserId, messageId: message.id, reason: dto.reason }, tx);
      await this.events.record('message.updated', discussion, message.id, tx);
      return toMessageView(message);
    });
  }
}
