import { Service } from 'typedi';
import { Database, DiscussionMessageModel, Transaction } from '@platform/db';
import { Clock, CustomerActor, DomainError, ServiceUnavailable } from '../../../shared';
import { ChannelAccessService } from '../../access';
import { ChannelNotActive, ChannelNotFound } from '../../channels.errors';
import { DiscussionAccessDenied, DiscussionBanned, DiscussionDisabled, DiscussionMessageNotFound, DiscussionMessageNotYours, DiscussionMuted } from '../discussion.errors';
import { DiscussionOfChannel, DiscussionRepository, MessageInDiscussion } from '../discussion.repository';
import { DiscussionMember, MobileDiscussionRepository } from './mobile-discussion.repository';

/** How many times a write decides access before giving up (each one after a concurrent access change). */
const MAX_DECISIONS = 3;

/**
 * What decideDiscussion reads of the channel and the discussion, besides the reader's own rows: a
 * write compares it before and after taking the discussion lock.
 */
const accessInputs = ({ channel, discussion }: DiscussionOfChannel): string =>
  JSON.stringify([
    channel.status,
    channel.accessPolicy,
    channel.visibility,
    channel.accessPolicyConfig.requiredFeatureKey ?? null,
    discussion.requiredFeatureKey,
  ]);

const memberOf = (found: DiscussionOfChannel, actor: CustomerActor): DiscussionMember => ({ discussionId: found.discussion.id, userId: actor.id });

/**
 * What a member may do in a discussion (community-content-uploads.md "Channels, mobile" rules 4-5).
 *
 * requireParticipant is rule 4, through THE discussion access function
 * (ChannelAccessService.decideDiscussion). A write decides it before its transaction: the decision
 * reads memberships and entitlements on connections of its own, which a transaction holding the
 * discussion lock must not wait for (ten such transactions would hold a pool of ten). So
 * inDecidedWrite compares, under the lock, what the decision read of the channel and the discussion
 * with what it reads now, and decides again outside the transaction when they differ. The other
 * checks run inside the transaction, after the discussion lock, on its connection.
 */
@Service()
export class MobileDiscussionAccessService {
  constructor(
    private readonly db: Database,
    private readonly access: ChannelAccessService,
    private readonly discussions: DiscussionRepository,
    private readonly repository: MobileDiscussionRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * A channel the caller may not see answers `notSeen` (404: its existence does not leak); one they
   * see without discussion access is 403 CHANNEL_DISCUSSION_ACCESS_DENIED (a member in the push
   * grace window and a joined caller without the feature included: joining unlocks nothing).
   */
  async requireParticipant(actor: CustomerActor, found: DiscussionOfChannel, notSeen: () => DomainError = ChannelNotFound): Promise<void> {
    const decision = await this.access.decideDiscussion(found.channel, found.discussion, { userId: actor.id }, this.clock.now());
    if (!decision.channel.canSee) throw notSeen();
    if (!decision.canTakePart) throw DiscussionAccessDenied();
  }

  /** The reads (the discussion and its messages): a participant, and not banned (a ban shuts the user out entirely: 403 CHANNEL_DISCUSSION_BANNED). */
  async requireReader(actor: CustomerActor, found: DiscussionOfChannel): Promise<void> {
    await this.requireParticipant(actor, found);
    if (await this.repository.isBanned(memberOf(found, actor))) throw DiscussionBanned();
  }

  /**
   * A member's write: access decided outside the transaction, then `write` in one. `load(tx)` reads
   * the discussion (locking it when given `tx`). When a soft-delete, the discussion's or the
   * channel's feature key, the access policy or the visibility changed between the decision and
   * the lock, the transaction ends having written nothing and access is decided again on what it
   * read; after MAX_DECISIONS such changes in a row, 503 SERVICE_UNAVAILABLE.
   */
  async inDecidedWrite<F extends DiscussionOfChannel, R>(
    actor: CustomerActor,
    load: (tx?: Transaction) => Promise<F>,
    write: (found: F, tx: Transaction) => Promise<R>,
    notSeen: () => DomainError = ChannelNotFound,
  ): Promise<R> {
    let decided = await load();
    for (let decisions = 1; decisions <= MAX_DECISIONS; decisions++) {
      await this.requireParticipant(actor, decided, notSeen);
      const outcome = await this.db.transaction(async (tx): Promise<{ done: true; result: R } | { done: false; found: F }> => {
        const found = await load(tx);
        if (accessInputs(found) !== accessInputs(decided)) return { done: false, found };
        return { done: true, result: await write(found, tx) };
      });
      if (outcome.done) return outcome.result;
      decided = outcome.found;
    }
    throw ServiceUnavailable('The discussion\'s access rules are changing; try again');
  }

  /**
   * Edit and delete: the caller's own message under the discussion's and the message's locks, with
   * access decided as inDecidedWrite does (a channel the caller may not see: 404
   * CHANNEL_MESSAGE_NOT_FOUND), then another author's message (403) and a ban (403).
   */
  lockOwnMessage<R>(actor: CustomerActor, messageId: string, write: (found: MessageInDiscussion, tx: Transaction) => Promise<R>): Promise<R> {
    return this.inDecidedWrite(
      actor,
      (tx) => this.discussions.requireMessage(messageId, tx, tx !== undefined),
      async (found, tx) => {
        this.requireAuthor(found.message, actor);
        await this.requireNotBanned(memberOf(found, actor), tx);
        return write(found, tx);
      },
      DiscussionMessageNotFound,
    );
  }

  /** Members change only their own messages: another user's or an admin's is 403 CHANNEL_MESSAGE_FORBIDDEN (CONTRACT section 4). */
  requireAuthor(message: DiscussionMessageModel, actor: CustomerActor): void {
    if (message.authorType !== 'USER' || message.authorUserId !== actor.id) throw DiscussionMessageNotYours();
  }

  /** A banned member neither posts nor edits nor deletes. */
  async requireNotBanned(member: DiscussionMember, tx: Transaction): Promise<void> {
    if (await this.repository.isBanned(member, tx)) throw DiscussionBanned();
  }

  /**
   * Where new text may be written at `at`: an active channel (an archived one is read-only: 422
   * CHANNEL_NOT_ACTIVE), an enabled discussion (403 CHANNEL_DISCUSSION_DISABLED), a member whose
   * mute has ended (403 CHANNEL_DISCUSSION_MUTED naming its end).
   */
  async requireOpenForText(found: DiscussionOfChannel, member: DiscussionMember, at: Date, tx: Transaction): Promise<void> {
    if (found.channel.status !== 'active') throw ChannelNotActive(found.channel.status);
    if (!found.discussion.isEnabled) throw DiscussionDisabled();
    const mutedUntil = await this.repository.mutedUntil(member, at, tx);
    if (mutedUntil) throw DiscussionMuted(mutedUntil);
  }
}
