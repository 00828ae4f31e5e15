import type { Server, Socket } from 'socket.io';
import type { Logger } from '@platform/observability';
import { channelRoom, discussionRoom, RealtimeAccessRecheckTarget, RealtimeRoomsService, RoomDecision, RoomTargets } from '@platform/domain';
import type { RealtimeSocketData } from './realtime-auth';

/** What a client may send (CONTRACT section 9): join or leave a room, answered through `ack`. */
export interface RealtimeClientEvents {
  join(room: unknown, ack?: unknown): void;
  leave(room: unknown, ack?: unknown): void;
}
export type RealtimeSocket = Socket<RealtimeClientEvents, Record<string, never>, Record<string, never>, RealtimeSocketData>;

/** Sockets re-decided at once by a sweep: each takes a few queries, and the pool is shared with the routes. */
const SWEEP_BATCH = 20;
/** setTimeout's largest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The sockets of one customer-api instance and their rooms. Every room change of a socket (join,
 * leave, a recheck) runs in one queue per socket, so a recheck that follows a revoke cannot be
 * overtaken by a join decided before it, and a leave is never undone by an earlier join finishing.
 */
export class RealtimeSessions {
  private readonly queues = new WeakMap<RealtimeSocket, Promise<unknown>>();
  private readonly byUser = new Map<string, Set<RealtimeSocket>>();
  private sweeping = false;

  constructor(
    private readonly io: Server,
    private readonly rooms: RealtimeRoomsService,
    private readonly logger: Logger,
  ) {}

  add(socket: RealtimeSocket): void {
    const { userId } = socket.data;
    const own = this.byUser.get(userId) ?? new Set();
    this.byUser.set(userId, own.add(socket));
    const expiry = this.endAtExpiry(socket);
    socket.on('join', (room, ack) => void this.join(socket, room, ack));
    socket.on('leave', (room, ack) => void this.leave(socket, room, ack));
    socket.on('disconnect', () => {
      clearTimeout(expiry.timer);
      own.delete(socket);
      if (own.size === 0) this.byUser.delete(userId);
    });
  }

  /** Decides rooms again: all of a customer's sockets' rooms, or every local socket in a channel's two rooms. */
  async recheck(target: RealtimeAccessRecheckTarget): Promise<void> {
    const targets: RoomTargets = new Map();
    if ('userId' in target) {
      const sockets = [...(this.byUser.get(target.userId) ?? [])];
      await Promise.all(sockets.map((socket) => this.serial(socket, () => this.recheckRooms(socket, roomsOf(socket), targets))));
      return;
    }
    const discussionId = await this.rooms.discussionIdOf(target.channelId);
    const names = [channelRoom(target.channelId), ...(discussionId === undefined ? [] : [discussionRoom(discussionId)])];
    const local = this.io.of('/').adapter.rooms;
    for (const name of names) {
      const sockets = [...(local.get(name) ?? [])].map((id) => this.io.of('/').sockets.get(id) as RealtimeSocket | undefined);
      await this.inBatches(sockets.filter((socket) => socket !== undefined), (socket) => this.recheckRooms(socket, [name], targets));
    }
  }

  /** Every local socket's rooms, decided again (REALTIME_ACCESS_RECHECK_SECONDS); a sweep still running is not doubled. */
  async recheckAll(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const targets: RoomTargets = new Map();
      const sockets = [...this.io.of('/').sockets.values()] as RealtimeSocket[];
      await this.inBatches(sockets, (socket) => this.recheckRooms(socket, roomsOf(socket), targets));
    } finally {
      this.sweeping = false;
    }
  }

  private join(socket: RealtimeSocket, name: unknown, ack: unknown): Promise<void> {
    const room = this.rooms.parse(name);
    if (!room) return Promise.resolve(reply(ack, { ok: false, errorCode: 'VALIDATION_ERROR' }));
    return this.serial(socket, async () => {
      let decision: RoomDecision;
      try {
        decision = await this.rooms.decide(socket.data.userId, room);
      } catch (error) {
        this.logger.warn({ err: error, room: room.name }, 'could not decide a realtime join');
        decision = { ok: false, errorCode: 'SERVICE_UNAVAILABLE' };
      }
      // A socket gone meanwhile must not be added to the adapter's rooms (it would never be removed).
      if (decision.ok && socket.connected) await socket.join(room.name);
      reply(ack, decision);
    });
  }

  private leave(socket: RealtimeSocket, name: unknown, ack: unknown): Promise<void> {
    const room = this.rooms.parse(name);
    if (!room) return Promise.resolve(reply(ack, { ok: false, errorCode: 'VALIDATION_ERROR' }));
    return this.serial(socket, async () => {
      await socket.leave(room.name);
      reply(ack, { ok: true });
    });
  }

  /**
   * Leaves each of `names` the socket may no longer be in. A decision that fails (the database
   * away) keeps the room: deltas carry ids only, the content behind them is checked on every read,
   * and the next sweep decides again.
   */
  private async recheckRooms(socket: RealtimeSocket, names: string[], targets: RoomTargets): Promise<void> {
    for (const name of names) {
      const room = this.rooms.parse(name);
      if (!room || !socket.rooms.has(name)) continue;
      try {
        const decision = await this.rooms.decide(socket.data.userId, room, targets);
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
  private endAtExpiry(socket: RealtimeSocket): { timer?: NodeJS.Timeout } {
    const expiry: { timer?: NodeJS.Timeout } = {};
    const arm = () => {
      const left = socket.data.expiresAt - Date.now();
      if (left <= 0) return void socket.disconnect(true);
      expiry.timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    };
    arm();
    return expiry;
  }
}

/** The rooms a socket joined (socket.io also keeps each socket in a room named by its own id). */
const roomsOf = (socket: RealtimeSocket): string[] => [...socket.rooms].filter((room) => room !== socket.id);

/** Answers through the client's ack when it sent one; a join or leave without one is still carried out. */
function reply(ack: unknown, answer: RoomDecision): void {
  if (typeof ack === 'function') ack(answer);
}
