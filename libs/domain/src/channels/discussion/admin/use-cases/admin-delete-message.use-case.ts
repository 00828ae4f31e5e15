import { Service } from 'typedi';
import { Database } from '@platform/db';
import { AdminActor, Clock, readStrictBody } from '../../../../shared';
import { ChannelSoftDeleted } from '../../../channels.errors';
import { DiscussionMessageEvents } from '../../discussion-message.events';
import { DiscussionMessagesRepository } from '../../discussion-messages.repository';
import { DiscussionRepository } from '../../discussion.repository';
import { MessageView, toMessageView } from '../../discussion.views';
import { DiscussionModerationLogService } from '../discussion-moderation-log.service';
import { ModerationReasonDto } from '../dto/admin-message.dto';

/**
 * DELETE /api/admin/discussion-messages/:id (optional body { reason }): any message becomes a
 * tombstone (isDeleted, body null, deletedAt now, deletedByAdminId the token's sub), which keeps
 * its place in the list. Every admin delete is moderation: a message_delete entry joins the log,
 * naming the author for a user's message and no user for an admin's. Times come from the app
 * Clock, updatedAt too. Deleting a tombstone again answers it as it is, with no second event or
 * log entry. A message
 * of a soft-deleted channel is 422 CHANNEL_SOFT_DELETED until it is restored.
 */
@Service()
export class AdminDeleteMessageUseCase {
  constructor(
    private readonly db: Database,
    private readonly discussions: DiscussionRepository,
    private readonly messages: DiscussionMessagesRepository,
    private readonly events: DiscussionMessageEvents,
    private readonly log: DiscussionModerationLogService,
    private readonly clock: Clock,
  ) {}

  async execute(admin: AdminActor, messageId: string, body: unknown): Promise<MessageView> {
    const dto = body === undefined ? new ModerationReasonDto() : readStrictBody(ModerationReasonDto, body);
    return this.db.transaction(async (tx) => {
      const { channel, discussion, message } = await this.discussions.requireMessage(messageId, tx, true);
      if (channel.status === 'soft_deleted') throw ChannelSoftDeleted();
      if (message.isDeleted) return toMessageView(message);
      const at = this.clock.now();
      await this.messages.update(message, { isDeleted: true, body: null, deletedAt: at, deletedByAdminId: admin.id, deletedByUserId: null }, at, tx);
      await this.log.record(admin, discussion.id, { action: 'message_delete', userId: message.authorUserId, messageId: message.id, reason: dto.reason }, tx);
      await this.events.record('message.deleted', discussion, message.id, tx);
      return toMessageView(message);
    });
  }
}
