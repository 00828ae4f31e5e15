import type { ExtendedError, Server } from 'socket.io';
import type { Logger } from '@platform/observability';
import { channelRoom, discussionRoom, RealtimeAccessRecheckTarget, RealtimeRoom, RealtimeRoomsService, RoomDecision, RoomTargets } from '@platform/domain';
import { RATE_LIMITED, RealtimeLimits } from './realtime-limits';
import { RealtimeSocket, roomsOf } from './realtime-socket';

/** Sockets re-decided at once by a sweep: each takes a few queries, and the pool is shared with the routes. */
const SWEEP_BATCH = 20;
/** setTimeout's largest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A join re-decided this many times in a row, each overtaken by a recheck of its room, answers SERVICE_UNAVAILABLE. */
const MAX_JOIN_DECISIONS = 5;

/**
 * The sockets of one customer-api instance and their rooms. Every room change of a socket (join,
 * leave, a recheck) runs in one queue per socket, so a recheck that follows a revoke cannot be
 * overtaken by a join decided before it, and a leave is never undone by an earlier join finishing.
 */
export class RealtimeSessions {
  private readonly queues = new WeakMap<RealtimeSocket, Promise<unknown>>();
  private readonly byUser = new Map<string, Set<RealtimeSocket>>();
  private readonly limits = new RealtimeLimits();
  /**
   * For each room a join is being decided for: how many such joins, and a generation a channel
   * recheck of the room increments. A join whose room's generation moved while it decided decides
   * again, so a decision taken before a soft-delete or policy change committed cannot be carried
   * out after the recheck that followed it listed the room (the socket was not in it yet). A
   * recheck of a customer or of every socket needs none: it queues behind the join in the
   * socket's queue and reads the socket's rooms then.
   */
  private readonly joining = new Map<string, { joins: number; generation: number }>();
  private sweeping = false;
  private sweepAgain = false;

  constructor(
    private readonly io: Server,
    private readonly rooms: RealtimeRoomsService,
    private readonly logger: Logger,
  ) {}

  /** A handshake middleware (after authentication): a customer's sockets on this instance are capped (RealtimeLimits). */
  admit = (socket: RealtimeSocket, next: (error?: ExtendedError) => void): void => {
    next(this.limits.socketRefusal(this.socketsOf(socket.data.userId)));
  };

  add(socket: RealtimeSocket): void {
    const { userId } = socket.data;
    const own = this.byUser.get(userId) ?? new Set();
    this.byUser.set(userId, own.add(socket));
    const expiry: { timer?: NodeJS.Timeout } = {};
    // Listened to before the expiry is armed: a token that expired during the handshake disconnects
    // the socket at once, and the socket must still leave byUser.
    socket.on('disconnect', () => {
      clearTimeout(expiry.timer);
      own.delete(socket);
      if (own.size === 0) this.byUser.delete(userId);
    });
    socket.on('join', (room, ack) => void this.join(socket, room, ack));
    socket.on('leave', (room, ack) => void this.leave(socket, room, ack));
    this.endAtExpiry(socket, expiry);
  }

  /** How many sockets this instance holds for `userId`. */
  socketsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Decides rooms again: all of a customer's sockets' rooms, every local socket in a channel's two rooms, or every socket. */
  async recheck(target: RealtimeAccessRecheckTarget): Promise<void> {
    const targets: RoomTargets = new Map();
    if ('all' in target) return this.recheckAll();
    if ('userId' in target) {
      const sockets = [...(this.byUser.get(target.userId) ?? [])];
      await Promise.all(sockets.map((socket) => this.serial(socket, () => this.recheckRooms(socket, roomsOf(socket), targets))));
      return;
    }
    this.overtakeJoins(channelRoom(target.channelId));
    const discussionId = await this.rooms.discussionIdOf(target.channelId);
    const names = [channelRoom(target.channelId), ...(discussionId === undefined ? [] : [discussionRoom(discussionId)])];
    names.slice(1).forEach((name) => this.overtakeJoins(name));
    const local = this.io.of('/').adapter.rooms;
    for (const name of names) {
      const sockets = [...(local.get(name) ?? [])].map((id) => this.io.of('/').sockets.get(id) as RealtimeSocket | undefined);
      await this.inBatches(sockets.filter((socket) => socket !== undefined), (socket) => this.recheckRooms(socket, [name], targets));
    }
  }

  /**
   * Every local socket's rooms, decided again (REALTIME_ACCESS_RECHECK_SECONDS, or an `all`
   * recheck). A sweep asked for while one runs is not doubled but runs once more after it, since
   * the running one may already have passed sockets the new change concerns.
   */
  async recheckAll(): Promise<void> {
    if (this.sweeping) {
      this.sweepAgain = true;
      return;
    }
    this.sweeping = true;
    try {
      do {
        this.sweepAgain = false;
        const targets: RoomTargets = new Map();
        const decisions: Decisions = new Map();
        const sockets = [...this.io.of('/').sockets.values()] as RealtimeSocket[];
        await this.inBatches(sockets, (socket) => this.recheckRooms(socket, roomsOf(socket), targets, decisions));
      } while (this.sweepAgain);
    } finally {
      this.sweeping = false;
    }
  }

  private join(socket: RealtimeSocket, name: unknown, ack: unknown): Promise<void> {
    const room = this.rooms.parse(name);
    if (!room) return Promise.resolve(reply(ack, { ok: false, errorCode: 'VALIDATION_ERROR' }));
    return this.limited(socket, ack, async () => {
      if (!this.limits.mayJoin(socket, room.name)) return reply(ack, RATE_LIMITED);
      const entry = this.joining.get(room.name) ?? { joins: 0, generation: 0 };
      this.joining.set(room.name, entry);
      entry.joins++;
      try {
        let decision: RoomDecision = { ok: false, errorCode: 'SERVICE_UNAVAILABLE' };
        for (let attempt = 0; attempt < MAX_JOIN_DECISIONS; attempt++) {
          const seen = entry.generation;
          decision = await this.decideJoin(socket, room);
          if (seen === entry.generation) {
            // No await from here to the join: a recheck cannot slip in between.
            // A socket gone meanwhile must not be added to the adapter's rooms (it would never be removed).
            if (decision.ok && socket.connected) await socket.join(room.name);
            return reply(ack, decision);
          }
          decision = { ok: false, errorCode: 'SERVICE_UNAVAILABLE' };
        }
        reply(ack, decision);
      } finally {
        if (--entry.joins === 0) this.joining.delete(room.name);
      }
    });
  }

  private async decideJoin(socket: RealtimeSocket, room: RealtimeRoom): Promise<RoomDecision> {
    try {
      return await this.rooms.decide(socket.data.userId, room);
    } catch (error) {
      this.logger.warn({ err: error, room: room.name }, 'could not decide a realtime join');
      return { ok: false, errorCode: 'SERVICE_UNAVAILABLE' };
    }
  }

  private leave(socket: RealtimeSocket, name: unknown, ack: unknown): Promise<void> {
    const room = this.rooms.parse(name);
    if (!room) return Promise.resolve(reply(ack, { ok: false, errorCode: 'VALIDATION_ERROR' }));
    return this.limited(socket, ack, async () => {
      await socket.leave(room.name);
      reply(ack, { ok: true });
    });
  }

  /** A client's join or leave, in the socket's queue; refused RATE_LIMIT_EXCEEDED when too many are pending already (RealtimeLimits). */
  private limited(socket: RealtimeSocket, ack: unknown, work: () => Promise<void>): Promise<void> {
    return this.limits.admitRequest(socket, () => this.serial(socket, work)) ?? Promise.resolve(reply(ack, RATE_LIMITED));
  }

  /** Joins to `name` being decided now decide again before they are carried out. */
  private overtakeJoins(name: string): void {
    const entry = this.joining.get(name);
    if (entry) entry.generation++;
  }

  /**
   * Leaves each of `names` the socket may no longer be in. A decision that fails (the database
   * away) keeps the room: deltas carry ids only, the content behind them is checked on every read,
   * and the next sweep decides again.
   */
  private async recheckRooms(socket: RealtimeSocket, names: string[], targets: RoomTargets, decisions: Decisions = new Map()): Promise<void> {
    for (const name of names) {
      const room = this.rooms.parse(name);
      if (!room || !socket.rooms.has(name)) continue;
      try {
        // One decision per (customer, room) within a pass: a customer's several sockets share it.
        const key = `${socket.data.userId} ${name}`;
        let decided = decisions.get(key);
        if (!decided) decisions.set(key, (decided = this.rooms.decide(socket.data.userId, room, targets)));
        const decision = await decided;
        if (!decision.ok) {
          await socket.leave(name);
          this.logger.debug({ userId: socket.data.userId, room: name, errorCode: decision.errorCode }, 'realtime access gone: socket left the room');
        }
      } catch (error) {
        this.logger.warn({ err: error, room: name }, 'could not recheck a realtime room; kept until the next recheck');
      }
    }
  }

  /** Runs `work` after the socket's earlier room changes; its failure is logged and does not stop the queue. */
  private serial(socket: RealtimeSocket, work: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(socket) ?? Promise.resolve();
    const next = previous.then(work).catch((error: unknown) => this.logger.warn({ err: error }, 'realtime room change failed'));
    this.queues.set(socket, next);
    return next;
  }

  private async inBatches(sockets: RealtimeSocket[], work: (socket: RealtimeSocket) => Promise<void>): Promise<void> {
    for (let start = 0; start < sockets.length; start += SWEEP_BATCH) {
      await Promise.all(sockets.slice(start, start + SWEEP_BATCH).map((socket) => this.serial(socket, () => work(socket))));
    }
  }

  /**
   * The token's expiry ends the session (issue 23): the server disconnects the socket at `exp`
   * (the client sees "io server disconnect") and the client connects again with a fresh token.
   */
  private endAtExpiry(socket: RealtimeSocket, expiry: { timer?: NodeJS.Timeout }): void {
    const arm = () => {
      const left = socket.data.expiresAt - Date.now();
      if (left <= 0) return void socket.disconnect(true);
      expiry.timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    };
    arm();
  }
}

/** Decisions of one recheck pass, by `${userId} ${room}`. */
type Decisions = Map<string, Promise<RoomDecision>>;

/** Answers through the client's ack when it sent one; a join or leave without one is still carried out. */
function reply(ack: unknown, answer: RoomDecision): void {
  if (typeof ack === 'function') ack(answer);
}
