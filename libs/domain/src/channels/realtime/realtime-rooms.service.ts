import { Service } from 'typedi';
import { ChannelDiscussionModel, DiscussionBanModel } from '@platform/db';
import { Clock, ErrorCode, isRowId } from '../../shared';
import { ChannelAccessService } from '../access';
import { ChannelRepository, ChannelWithPolicy } from '../channel.repository';

/** A socket.io room a customer may ask to join (CONTRACT section 9). */
export type RealtimeRoom = { kind: 'channel'; channelId: number; name: string } | { kind: 'discussion'; discussionId: number; name: string };

/** A join's answer, as its ack carries it: `{ ok: true }` or `{ ok: false, errorCode }`. */
export type RoomDecision = { ok: true } | { ok: false; errorCode: ErrorCode };

/**
 * What a room stands for, loaded once per room and re-used for every socket a sweep re-decides
 * (null: no such channel or discussion). Pass one Map per sweep; never keep it longer, since a
 * channel's policy and a discussion's settings change.
 */
export type RoomTargets = Map<string, Promise<RoomTarget | null>>;
type RoomTarget = { channel: ChannelWithPolicy; discussion?: ChannelDiscussionModel };

const ROOM = /^(channel|discussion):([1-9]\d{0,9})$/;

/**
 * May this customer be in this room now? The answers of ChannelAccessService, the one access
 * function (issue 22): `channel:{id}` needs decide(...).canRead, `discussion:{id}` needs
 * decideDiscussion(...).canTakePart (rule 4 of "Channels, mobile") and no ban (discussion_bans:
 * "no room"). What the customer may not see answers CHANNEL_NOT_FOUND, as the HTTP routes' 404.
 * Asked when a socket joins, and again whenever access may have changed (RealtimeAccessRecheck).
 */
@Service()
export class RealtimeRoomsService {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly access: ChannelAccessService,
    private readonly clock: Clock,
  ) {}

  /** `channel:{id}` or `discussion:{id}` with a row id, else null (the ack's VALIDATION_ERROR). */
  parse(name: unknown): RealtimeRoom | null {
    const match = typeof name === 'string' ? ROOM.exec(name) : null;
    if (!match || !isRowId(Number(match[2]))) return null;
    const id = Number(match[2]);
    return match[1] === 'channel' ? { kind: 'channel', channelId: id, name: match[0] } : { kind: 'discussion', discussionId: id, name: match[0] };
  }

  async decide(userId: string, room: RealtimeRoom, targets: RoomTargets = new Map()): Promise<RoomDecision> {
    let target = targets.get(room.name);
    if (!target) targets.set(room.name, (target = this.load(room)));
    const loaded = await target;
    if (!loaded) return refused('CHANNEL_NOT_FOUND');
    const reader = { userId };
    const at = this.clock.now();
    if (!loaded.discussion) {
      const access = await this.access.decide(loaded.channel, reader, at);
      if (access.canRead) return { ok: true };
      return refused(access.canSee ? 'CHANNEL_ACCESS_DENIED' : 'CHANNEL_NOT_FOUND');
    }
    const access = await this.access.decideDiscussion(loaded.channel, loaded.discussion, reader, at);
    if (!access.canTakePart) return refused(access.channel.canSee ? 'CHANNEL_DISCUSSION_ACCESS_DENIED' : 'CHANNEL_NOT_FOUND');
    const banned = await DiscussionBanModel.count({ where: { discussionId: loaded.discussion.id, userId } });
    return banned > 0 ? refused('CHANNEL_DISCUSSION_BANNED') : { ok: true };
  }

  /** The discussion id of a channel, for rechecking both of its rooms (undefined when it has none). */
  async discussionIdOf(channelId: number): Promise<number | undefined> {
    if (!isRowId(channelId)) return undefined;
    return (await ChannelDiscussionModel.findOne({ where: { channelId }, attributes: ['id'] }))?.id;
  }

  private async load(room: RealtimeRoom): Promise<RoomTarget | null> {
    if (room.kind === 'channel') {
      const channel = await this.channels.findChannel(room.channelId);
      return channel && { channel };
    }
    const discussion = await ChannelDiscussionModel.findByPk(room.discussionId);
    const channel = discussion && (await this.channels.findChannel(discussion.channelId));
    return channel && discussion ? { channel, discussion } : null;
  }
}

const refused = (errorCode: ErrorCode): RoomDecision => ({ ok: false, errorCode });
