import { Service } from 'typedi';
import { Clock, CustomerActor, readStrictBody } from '../../../../shared';
import { DiscussionMessageEvents } from '../../discussion-message.events';
import { DiscussionMessagesRepository } from '../../discussion-messages.repository';
import { DiscussionMessageDeleted } from '../../discussion.errors';
import { MessageView, toMessageView } from '../../discussion.views';
import { MobileDiscussionMessageBodyDto } from '../dto/message-body.dto';
import { MobileDiscussionAccessService } from '../mobile-discussion-access.service';

/**
 * PATCH /api/mobile/discussion-messages/:id (issue 23; CONTRACT section 4): the caller's own
 * message gets a new body, editedAt now and editedByUserId the caller. In this order: the body
 * (422); an unknown message, or one of a channel the caller may not see (404
 * CHANNEL_MESSAGE_NOT_FOUND); discussion access now (403); then, under the discussion's and the
 * message's locks, another author's message (403 CHANNEL_MESSAGE_FORBIDDEN), a ban (403), a
 * tombstone (422 CHANNEL_MESSAGE_DELETED), and where new text may not be written: an archived
 * channel (422), a disabled discussion (403), a running mute (403). Records message.updated.
 */
@Service()
export class MobileEditMessageUseCase {
  constructor(
    private readonly access: MobileDiscussionAccessService,
    private readonly messages: DiscussionMessagesRepository,
    private readonly events: DiscussionMessageEvents,
    private readonly clock: Clock,
  ) {}

  async execute(actor: CustomerActor, messageId: string, body: unknown): Promise<MessageView> {
    const text = readStrictBody(MobileDiscussionMessageBodyDto, body).body;
    return this.access.lockOwnMessage(actor, messageId, async (found, tx) => {
      const { message } = found;
      if (message.isDeleted) throw DiscussionMessageDeleted();
      const at = this.clock.now();
      await this.access.requireOpenForText(found, { discussionId: found.discussion.id, userId: actor.id }, at, tx);
      // editedByAdminId cleared: the latest editor is the one named (the edited CHECK allows one).
      await this.messages.update(message, { body: text, editedAt: at, editedByUserId: actor.id, editedByAdminId: null }, at, tx);
      await this.events.record('message.updated', found.discussion, message.id, tx);
      return toMessageView(message);
    });
  }
}
