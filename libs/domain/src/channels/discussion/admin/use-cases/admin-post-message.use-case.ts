import { Service } from 'typedi';
import { Database, DiscussionMessageModel } from '@platform/db';
import { AdminActor, Clock, IdempotencyKeysService, readStrictBody, requestFingerprint } from '../../../../shared';
import { ChannelNotActive } from '../../../channels.errors';
import { DiscussionMessageEvents } from '../../discussion-message.events';
import { DISCUSSION_IDEMPOTENCY_ERRORS } from '../../discussion.errors';
import { DiscussionRepository } from '../../discussion.repository';
import { MessageView, toMessageView } from '../../discussion.views';
import { AdminPostMessageDto } from '../dto/admin-message.dto';

/**
 * POST /api/admin/channels/:id/discussion/messages: a message with authorType ADMIN and
 * authorAdminId the token's sub. Admins are exempt from slow mode (rule 5: it applies to
 * user-authored messages), bans and mutes, and may post while the discussion is disabled (closed
 * to users, not to its moderators); the channel must be active (422 CHANNEL_NOT_ACTIVE, as for
 * posts). Under the discussion's row lock; message.created is numbered in the transaction and sent
 * after commit. With an Idempotency-Key, a retry with the same channel and body answers the first
 * message again and posts nothing; another body: 409 CHANNEL_IDEMPOTENCY_MISMATCH.
 */
@Service()
export class AdminPostMessageUseCase {
  constructor(
    private readonly db: Database,
    private readonly discussions: DiscussionRepository,
    private readonly events: DiscussionMessageEvents,
    private readonly keys: IdempotencyKeysService,
    private readonly clock: Clock,
  ) {}

  async execute(admin: AdminActor, channelId: number, body: unknown, idempotencyKey?: string): Promise<MessageView> {
    const dto = readStrictBody(AdminPostMessageDto, body);
    const fingerprint = requestFingerprint({ channelId, body: dto.body });
    const request = { actor: admin, scope: 'discussion_message.post' as const, key: idempotencyKey, fingerprint, errors: DISCUSSION_IDEMPOTENCY_ERRORS };
    return this.keys.performIfKeyed(request, (claim) => this.db.transaction(async (tx) => {
      const { channel, discussion } = await this.discussions.requireOfChannel(channelId, tx, true);
      if (channel.status !== 'active') throw ChannelNotActive(channel.status);
      // createdAt and updatedAt from the app Clock, as a member's post takes them (`silent` keeps the given updatedAt).
      const at = this.clock.now();
      const message = await DiscussionMessageModel.create(
        { discussionId: discussion.id, authorType: 'ADMIN', authorUserId: null, authorAdminId: admin.id, body: dto.body, createdAt: at, updatedAt: at },
        { transaction: tx, silent: true },
      );
      await this.events.record('message.created', discussion, message.id, tx);
      const view = toMessageView(message);
      if (claim) await this.keys.complete(claim, view, { type: 'discussion_message', id: message.id }, tx);
      return view;
    }));
  }
}
