import { Service } from 'typedi';
import { Database } from '@platform/db';
import { Clock, CustomerActor } from '../../../../shared';
import { DiscussionMessageEvents } from '../../discussion-message.events';
import { DiscussionMessageNotFound } from '../../discussion.errors';
import { DiscussionRepository } from '../../discussion.repository';
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
    private readonly db: Database,
    private readonly discussions: DiscussionRepository,
    private readonly access: MobileDiscussionAccessService,
    private readonly events: DiscussionMessageEvents,
    private readonly clock: Clock,
  ) {}

  async execute(actor: CustomerActor, messageId: string): Promise<MessageView> {
    await this.access.requireParticipant(actor, await this.discussions.requireMessage(messageId), DiscussionMessageNotFound);
    return this.db.transaction(async (tx) => {
      const found = await this.discussions.requireMessage(messageId, tx, true);
      const { message } = found;
      this.access.requireStillSeen(found, DiscussionMessageNotFound);
      this.access.requireAuthor(message, actor);
      await this.access.requireNotBanned({ discussionId: found.discussion.id, userId: actor.id }, tx);
      if (message.isDeleted) return toMessageView(message);
      const at = this.clock.now();
      message.set({ isDeleted: true, body: null, deletedAt: at, deletedByUserId: actor.id });
      await message.save({ transaction: tx });
      await this.events.record('message.deleted', found.discussion, message.id, tx);
      return toMessageView(message);
    });
  }
}
