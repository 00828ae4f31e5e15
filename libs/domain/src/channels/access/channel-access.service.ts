import { Service } from 'typedi';
import { ChannelMembershipModel } from '@platform/db';
import { Clock } from '../../shared';
import { EntitlementService, Interval } from '../../subscriptions';
import type { ChannelWithPolicy } from '../channel.repository';
import { historyVisibility, PostVisibility } from './post-visibility';

/** After losing a gated channel's entitlement, a joined member still gets its push for this long (spec "Limits"). */
export const NOTIFICATION_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** Who reads: a signed-in customer, or nobody (an anonymous caller of an optional-JWT route). */
export type ChannelReader = { userId: string } | null;

/** What one reader may do with one channel, now. */
export interface ChannelAccess {
  /** May read its content (posts, post detail; the discussion's first condition). */
  canRead: boolean;
  /** May know it exists (list it, get its shell); otherwise it answers 404. */
  canSee: boolean;
  isJoined: boolean;
  /** Joined, but may not read it now (a gated channel whose entitlement ended). */
  isLocked: boolean;
  /** Joined to a BROADCAST channel it may read, or lost access to less than NOTIFICATION_GRACE_MS ago: gets its push. */
  getsPush: boolean;
  /** Which posts, by publishedAt (gated channels' history settings); meaningful when canRead. */
  visible: PostVisibility;
}

/** What one reader may do with a channel's discussion, now. */
export interface DiscussionAccess {
  /** The parent channel's decision (canSee: whether a refusal is 404 or 403). */
  channel: ChannelAccess;
  /** May read its messages, post, edit and delete their own, and join its room. */
  canTakePart: boolean;
}

const NONE: PostVisibility = { all: false, ranges: [] };

/**
 * THE channel access function (issue 22: one function for API reads, sockets, push and signed
 * URLs — Ghost leaked tier posts by email because one path skipped its check, TryGhost/Ghost#25046).
 * - Soft-deleted channels exist for nobody. Anonymous readers read OPEN channels only.
 * - EXTERNAL_GATED: the reader must hold the channel's `required_feature_key` now
 *   (EntitlementService: grants, trials, extensions and revocations count at once); what they see
 *   of its history follows the access policy (historyVisibility).
 * - PRIVATE channels are seen only by those who may read them, and by their joined members (who
 *   keep the locked shell). Archived channels stay readable (read-only is the writers' rule).
 */
@Service()
export class ChannelAccessService {
  constructor(
    private readonly entitlements: EntitlementService,
    private readonly clock: Clock,
  ) {}

  async decide(channel: ChannelWithPolicy, reader: ChannelReader, at: Date = this.clock.now()): Promise<ChannelAccess> {
    if (channel.status === 'soft_deleted') return denied(false, false);
    const isJoined = reader ? await this.isJoined(channel.id, reader.userId) : false;
    const featureKey = gateKey(channel);
    const intervals = reader && featureKey ? await this.entitlements.featureIntervals(reader.userId, featureKey) : [];
    return accessOf(channel, reader, isJoined, intervals, at);
  }

  /**
   * Rule 4 of "Channels, mobile": the discussion needs the channel readable now (so not in the
   * push grace window, and joining unlocks nothing), then the discussion's `requiredFeatureKey`
   * if it names one, held now. Anonymous readers take part in no discussion.
   */
  async decideDiscussion(
    channel: ChannelWithPolicy,
    discussion: { requiredFeatureKey: string | null },
    reader: ChannelReader,
    at: Date = this.clock.now(),
  ): Promise<DiscussionAccess> {
    const channelAccess = await this.decide(channel, reader, at);
    if (!reader || !channelAccess.canRead) return { channel: channelAccess, canTakePart: false };
    const key = discussion.requiredFeatureKey;
    return { channel: channelAccess, canTakePart: key === null || (await this.entitlements.hasFeature(reader.userId, key, at)) };
  }

  /**
   * Of `memberIds`, those who get the channel's broadcast push at `at`: the same decision as
   * decide(...).getsPush, for a fan-out's batch in one entitlement query. The caller passes joined
   * members only (read from channel_memberships' joined rows): membership is not looked up again.
   */
  async pushRecipients(channel: ChannelWithPolicy, memberIds: readonly string[], at: Date = this.clock.now()): Promise<string[]> {
    if (channel.status === 'soft_deleted' || memberIds.length === 0) return [];
    const featureKey = gateKey(channel);
    const intervals = featureKey ? await this.entitlements.featureIntervalsOfUsers(memberIds, featureKey) : new Map<string, Interval[]>();
    return memberIds.filter((userId) => accessOf(channel, { userId }, true, intervals.get(userId) ?? [], at).getsPush);
  }

  private async isJoined(channelId: number, userId: string): Promise<boolean> {
    const row = await ChannelMembershipModel.findOne({ where: { channelId, userId, isJoined: true }, attributes: ['isJoined'] });
    return row !== null;
  }
}

/**
 * The decision itself, from what decide and pushRecipients load: the reader's membership and
 * their merged intervals of the channel's feature key (empty for OPEN channels and anonymous readers).
 */
function accessOf(channel: ChannelWithPolicy, reader: ChannelReader, isJoined: boolean, intervals: Interval[], at: Date): ChannelAccess {
  if (channel.status === 'soft_deleted') return denied(false, false);
  // Only BROADCAST channels push their posts (PREMIUM_VIEW_ONLY ones are read, not joined).
  const pushes = channel.kind === 'BROADCAST';
  if (channel.accessPolicy === 'OPEN') {
    return { canRead: true, canSee: true, isJoined, isLocked: false, getsPush: isJoined && pushes, visible: { all: true } };
  }
  const current = reader ? intervals.findIndex((interval) => contains(interval, at)) : -1;
  const canSee = channel.visibility === 'PUBLIC' || current >= 0 || isJoined;
  if (current < 0) {
    // Merged intervals are disjoint and oldest first, so the last one ended is the loss of access.
    const lastEnd = intervals.filter((interval) => interval.to <= at).at(-1)?.to;
    const inGrace = lastEnd !== undefined && at.getTime() - lastEnd.getTime() < NOTIFICATION_GRACE_MS;
    return { ...denied(canSee, isJoined), getsPush: isJoined && pushes && inGrace };
  }
  const visible = historyVisibility(channel.accessPolicyConfig, intervals, current);
  return { canRead: true, canSee, isJoined, isLocked: false, getsPush: isJoined && pushes, visible };
}

/**
 * A gated channel's feature key. It always names one (CHECK channel_access_policies_gate_named);
 * were it missing, nobody would hold it, rather than a missing key matching something.
 */
const gateKey = (channel: ChannelWithPolicy): string | null =>
  channel.accessPolicy === 'OPEN' ? null : channel.accessPolicyConfig.requiredFeatureKey || null;

function denied(canSee: boolean, isJoined: boolean): ChannelAccess {
  return { canRead: false, canSee, isJoined, isLocked: isJoined, getsPush: false, visible: NONE };
}

const contains = (interval: Interval, at: Date) => interval.from <= at && at < interval.to;
