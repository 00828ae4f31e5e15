import { Service } from 'typedi';
import { Database, DiscussionMessageModel, Transaction } from '@platform/db';
import { AdminActor, Clock } from '../../../shared';
import { ChannelSoftDeleted } from '../../channels.errors';
import { DiscussionMessageEvents } from '../discussion-message.events';
import { DiscussionMessagesRepository } from '../discussion-messages.repository';
import { DiscussionOfChannel, DiscussionRepository } from '../discussion.repository';
import { MessageView, toMessageView } from '../discussion.views';
import { DiscussionModerationLogService, ModerationEntry } from './discussion-moderation-log.service';
import { DiscussionUsersService } from './discussion-users.service';
import { DiscussionLiftView } from './moderation.views';

/** What a moderation act answers, and its log entry: null when the act changed nothing (a second ban, a lift of nothing). */
export interface ModerationOutcome<R> {
  result: R;
  entry: ModerationEntry | null;
}

/** The user a moderation act is about, in the act's discussion (a type, not an interface, so it serves as a `where` as it is). */
export type ModeratedUser = {
  discussionId: number;
  userId: string;
};

/** An admin's edit or delete of any message: its log action, the optional reason, and what it changes. */
export interface MessageModeration {
  action: 'message_edit' | 'message_delete';
  reason: string | undefined;
  /**
   * The message's new fields at `at` (the Clock's now), or null when the message already is as the
   * act would leave it: it is answered as it is, with nothing written, logged or sent. Throws to refuse.
   */
  change(message: DiscussionMessageModel, at: Date): Partial<DiscussionMessageModel> | null;
}

const MESSAGE_EVENT = { message_edit: 'message.updated', message_delete: 'message.deleted' } as const;

type Act<F, R> = (found: F, tx: Transaction) => Promise<ModerationOutcome<R>>;

/**
 * The one shape of every admin moderation write (issue 23: "every moderation action is recorded:
 * who, when, reason"): one transaction holding the discussion's row lock, the lock message writers
 * take first, so a member's post either committed before the act or sees it; a soft-deleted
 * channel refused with 422 CHANNEL_SOFT_DELETED until it is restored; then the act, and its log
 * entry in the same transaction, so a refused or rolled-back act leaves none. A use case says only
 * what its act decides and writes.
 */
@Service()
export class DiscussionModerationActsService {
  constructor(
    private readonly db: Database,
    private readonly discussions: DiscussionRepository,
    private readonly messages: DiscussionMessagesRepository,
    private readonly events: DiscussionMessageEvents,
    private readonly log: DiscussionModerationLogService,
    private readonly users: DiscussionUsersService,
    private readonly clock: Clock,
  ) {}

  /** An act on the discussion of `channelId` (404 for an unknown channel). */
  onDiscussion<R>(admin: AdminActor, channelId: number, act: Act<DiscussionOfChannel, R>): Promise<R> {
    return this.locked(admin, (tx) => this.discussions.requireOfChannel(channelId, tx, true), act);
  }

  /** An act on the user a body's `user_id` names: 422 naming user_id unless the user exists (DiscussionUsersService). */
  onUser<R>(admin: AdminActor, channelId: number, userIdField: string, act: Act<ModeratedUser, R>): Promise<R> {
    const userId = userIdField.toLowerCase();
    return this.onDiscussion(admin, channelId, async ({ discussion }, tx) => {
      await this.users.requireUser(userId, tx);
      return act({ discussionId: discussion.id, userId }, tx);
    });
  }

  /**
   * Lifts a ban or a mute of `userId` (the checked path parameter). Idempotent: `remove` answers
   * whether there was one in force to lift, and only then is `action` recorded with the reason.
   */
  lift(
    admin: AdminActor,
    channelId: number,
    { userId, reason, action }: { userId: string; reason: string | undefined; action: 'unban' | 'unmute' },
    remove: (target: ModeratedUser, tx: Transaction) => Promise<boolean>,
  ): Promise<DiscussionLiftView> {
    return this.onDiscussion(admin, channelId, async ({ discussion }, tx) => {
      const removed = await remove({ discussionId: discussion.id, userId }, tx);
      return { result: { discussionId: discussion.id, userId, removed }, entry: removed ? { action, userId, reason } : null };
    });
  }

  /**
   * An edit or delete of any message (404 CHANNEL_MESSAGE_NOT_FOUND for an unknown one). Locks the
   * discussion, then the message (DiscussionRepository's order), so an edit and a delete of one
   * message queue up. The change is written with updatedAt the Clock's now; the entry names the
   * message and its author (no user for an admin's message); the delta is numbered in the
   * transaction and sent after commit.
   */
  onMessage(admin: AdminActor, messageId: string, moderation: MessageModeration): Promise<MessageView> {
    const load = (tx: Transaction) => this.discussions.requireMessage(messageId, tx, true);
    return this.locked(admin, load, async ({ discussion, message }, tx) => {
      const at = this.clock.now();
      const changes = moderation.change(message, at);
      if (!changes) return { result: toMessageView(message), entry: null };
      await this.messages.update(message, changes, at, tx);
      await this.events.record(MESSAGE_EVENT[moderation.action], discussion, message.id, tx);
      const entry = { action: moderation.action, userId: message.authorUserId, messageId: message.id, reason: moderation.reason };
      return { result: toMessageView(message), entry };
    });
  }

  private locked<F extends DiscussionOfChannel, R>(admin: AdminActor, load: (tx: Transaction) => Promise<F>, act: Act<F, R>): Promise<R> {
    return this.db.transaction(async (tx) => {
      const found = await load(tx);
      if (found.channel.status === 'soft_deleted') throw ChannelSoftDeleted();
      const { result, entry } = await act(found, tx);
      if (entry) await this.log.record(admin, found.discussion.id, entry, tx);
      return result;
    });
  }
}
