import { Service } from 'typedi';
import type { DiscussionMessageModel, Transaction } from '@platform/db';
import { Clock, CustomerActor, DomainError } from '../../../shared';
import { ChannelAccessService } from '../../access';
import { ChannelNotActive, ChannelNotFound } from '../../channels.errors';
import { DiscussionAccessDenied, DiscussionBanned, DiscussionDisabled, DiscussionMessageNotYours, DiscussionMuted } from '../discussion.errors';
import type { DiscussionOfChannel } from '../discussion.repository';
import { DiscussionMember, MobileDiscussionRepository } from './mobile-discussion.repository';

/**
 * What a member may do in a discussion (community-content-uploads.md "Channels, mobile" rules 4-5).
 *
 * requireParticipant is rule 4, through THE discussion access function
 * (ChannelAccessService.decideDiscussion). It is decided before a write's transaction: the decision
 * reads memberships and entitlements on connections of its own, which a transaction holding the
 * discussion lock must not wait for (ten such transactions would hold a pool of ten). The other
 * checks run inside the transaction, after the discussion lock, on its connection.
 */
@Service()
export class MobileDiscussionAccessService {
  constructor(
    private readonly access: ChannelAccessService,
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

  /** The channel as the transaction read it: soft-deleted since requireParticipant is `notSeen` too. */
  requireStillSeen(found: DiscussionOfChannel, notSeen: () => DomainError = ChannelNotFound): void {
    if (found.channel.status === 'soft_deleted') throw notSeen();
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
