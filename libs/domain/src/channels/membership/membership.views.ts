/**
 * community-content-uploads.md "Membership, read state": the membership and the read state as the
 * mobile routes answer them.
 */
export interface ChannelMembershipView {
  channelId: number;
  isJoined: boolean;
  /** When the current (or, once left, the last) membership began; null when the caller never joined. */
  joinedAt: Date | null;
  /** Null while joined, and when the caller never joined. */
  leftAt: Date | null;
}

export interface ChannelReadStateView {
  channelId: number;
  /** A post id (bigint) as text, or "0" before any post; it never moves backward. */
  lastSeenPostId: string;
  lastSeenAt: Date;
}

export interface MembershipRow {
  channelId: number;
  isJoined: boolean;
  joinedAt: Date;
  leftAt: Date | null;
}

export interface ReadStateRow {
  channelId: number;
  lastSeenPostId: string;
  lastSeenAt: Date;
}

export const toMembershipView = (row: MembershipRow): ChannelMembershipView => ({
  channelId: row.channelId,
  isJoined: row.isJoined,
  joinedAt: row.joinedAt,
  leftAt: row.leftAt,
});

/** What leave answers to a caller who never joined: no row is written for them. */
export const neverJoined = (channelId: number): ChannelMembershipView => ({ channelId, isJoined: false, joinedAt: null, leftAt: null });

export const toReadStateView = (row: ReadStateRow): ChannelReadStateView => ({
  channelId: row.channelId,
  lastSeenPostId: String(row.lastSeenPostId),
  lastSeenAt: row.lastSeenAt,
});
