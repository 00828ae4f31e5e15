import { Service } from 'typedi';
import { Clock, CustomerActor } from '../../../../shared';
import { DiscussionMessageEvents } from '../../discussion-message.events';
import { DiscussionMessagesRepository } from '../../discussion-messages.repository';
import { MessageView, toMessageView } from '../../discussion.views';
import { MobileDiscussionAccessService } from '../mobile-discussion-access.service';

/**
 * DELETE /api/mobile/discussion-messages/:id (issue 23; CONTRACT section 4): the caller's own
 * message becomes a tombstone (isDeleted, body null, deletedAt, deletedByUserId the caller).
 * Refused as an edit is (404, 403 access, 403 another author's, 403 banned), but taking text away
 * is allowed where adding it is not: in an archived channel, a disabled discussion, while muted.
 * Deleting a tombstone again answers it unchanged, with no second message.deleted.
 */
@Service()
export class MobileDeleteMessageUseCase {
  constructor(
    private readonly access: MobileDiscussionAccessService,
    private readonly messages: DiscussionMessagesRepository,
    private readonly events: DiscussionMessageEvents,
    private readonly clock: Clock,
  ) {}

  execute(actor: CustomerActor, messageId: string): Promise<MessageView> {
    return this.access.lockOwnMessage(actor, messageId, async ({ discussion, message }, tx) => {
      if (message.isDeleted) return toMessageView(message);
      const at = this.clock.now();
      await this.messages.update(message, { isDeleted: true, body: null, deletedAt: at, deletedByUserId: actor.id }, at, tx);
      await this.events.record('message.deleted', discussion, message.id, tx);
      return toMessageView(message);
    });
  }
}
