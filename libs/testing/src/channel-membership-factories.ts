import { ChannelMembershipModel } from '@platform/db';

export interface ChannelMembershipOptions {
  /** Default true, unless leftAt is given. */
  joined?: boolean;
  /** Default now (an hour before leftAt for a left membership). */
  joinedAt?: Date;
  /** Only for a left membership; default now. */
  leftAt?: Date;
}

/**
 * A membership row written straight to the database (independent of the join and leave use cases):
 * joined by default, or left (`joined: false`) with leftAt after joinedAt, as the CHECK
 * channel_memberships_left requires. Replaces a row the user already has in the channel.
 */
export async function createChannelMembership(channelId: number, userId: string, options: ChannelMembershipOptions = {}): Promise<ChannelMembershipModel> {
  const joined = options.joined ?? options.leftAt === undefined;
  const leftAt = joined ? null : (options.leftAt ?? new Date());
  const joinedAt = options.joinedAt ?? (leftAt ? new Date(leftAt.getTime() - 3_600_000) : new Date());
  const [membership] = await ChannelMembershipModel.upsert({ channelId, userId, isJoined: joined, joinedAt, leftAt }, { returning: true });
  return membership;
}
