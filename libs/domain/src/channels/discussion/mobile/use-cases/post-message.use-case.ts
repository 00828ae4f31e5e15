import { Service } from 'typedi';
import { DiscussionMessageModel, Transaction } from '@platform/db';
import { Clock, CustomerActor, IdempotencyClaim, IdempotencyKeysService, readStrictBody, requestFingerprint } from '../../../../shared';
import { DiscussionMessageEvents } from '../../discussion-message.events';
import { DISCUSSION_IDEMPOTENCY_ERRORS, DiscussionSlowMode } from '../../discussion.errors';
import { DiscussionRepository } from '../../discussion.repository';
import { MessageView, toMessageView } from '../../discussion.views';
import { DiscussionSlowModeRepository } from '../discussion-slow-mode.repository';
import { MobileDiscussionMessageBodyDto } from '../dto/message-body.dto';
import { MobileDiscussionAccessService } from '../mobile-discussion-access.service';

/**
 * POST /api/mobile/channels/:id/discussion/messages (community-content-uploads.md "Channels,
 * mobile" rules 4-5; issue 23): a USER message. In this order: the body (422); the channel (404
 * when the caller may not see it) and discussion access (403, decided again when the channel's or
 * the discussion's access rules changed before the lock); then, under the discussion's row lock,
 * a ban (403), an archived channel (422 CHANNEL_NOT_ACTIVE), a disabled discussion (403), a
 * running mute (403) and slow mode (429 with Retry-After), whose mark moves in the same
 * transaction as the insert. Records message.created. A refusal writes nothing and sends nothing.
 * With an Idempotency-Key, a retry with the same channel and body answers the first message again
 * (before any check: slow mode does not refuse a replay) and posts nothing; another body: 409.
 */
@Service()
export class MobilePostMessageUseCase {
  constructor(
    private readonly discussions: DiscussionRepository,
    private readonly access: MobileDiscussionAccessService,
    private readonly slowMode: DiscussionSlowModeRepository,
    private readonly events: DiscussionMessageEvents,
    private readonly keys: IdempotencyKeysService,
    private readonly clock: Clock,
  ) {}

  async execute(actor: CustomerActor, channelId: number, body: unknown, idempotencyKey?: string): Promise<MessageView> {
    const text = readStrictBody(MobileDiscussionMessageBodyDto, body).body;
    const fingerprint = requestFingerprint({ channelId, body: text });
    const request = { actor, scope: 'discussion_message.post' as const, key: idempotencyKey, fingerprint, errors: DISCUSSION_IDEMPOTENCY_ERRORS };
    return this.keys.performIfKeyed(request, (claim) => this.post(actor, channelId, text, claim));
  }

  private post(actor: CustomerActor, channelId: number, text: string, claim: IdempotencyClaim | undefined): Promise<MessageView> {
    const load = (tx?: Transaction) => this.discussions.requireOfChannel(channelId, tx, tx !== undefined);
    return this.access.inDecidedWrite(actor, load, async (found, tx) => {
      const { discussion } = found;
      const member = { discussionId: discussion.id, userId: actor.id };
      const at = this.clock.now();
      await this.access.requireNotBanned(member, tx);
      await this.access.requireOpenForText(found, member, at, tx);
      const interval = discussion.slowModeEnabled ? discussion.slowModeIntervalSeconds : null;
      const turn = await this.slowMode.claim(member, at, interval, tx);
      if (!turn.granted) throw DiscussionSlowMode(turn.retryAfterSeconds);
      // createdAt from the app clock, as slow mode reads it (on a create, `silent` keeps the given updatedAt too).
      const message = await DiscussionMessageModel.create(
        { discussionId: discussion.id, authorType: 'USER', authorUserId: actor.id, authorAdminId: null, body: text, createdAt: at, updatedAt: at },
        { transaction: tx, silent: true },
      );
      await this.events.record('message.created', discussion, message.id, tx);
      const view = toMessageView(message);
      if (claim) await this.keys.complete(claim, view, { type: 'discussion_message', id: message.id }, tx);
      return view;
    });
  }
}
