import type { ExtendedError } from 'socket.io';
import type { RoomDecision } from '@platform/domain';
import { RealtimeSocket, roomsOf } from './realtime-socket';

/** Joins and leaves of one socket waiting or running at once; beyond it a request is answered RATE_LIMIT_EXCEEDED (a flood must not queue unbounded work). */
export const MAX_PENDING_PER_SOCKET = 8;
/** Rooms one socket may be in (besides its own). */
export const MAX_ROOMS_PER_SOCKET = 100;
/** Sockets one customer may hold on one instance; a further handshake is refused RATE_LIMIT_EXCEEDED. */
export const MAX_SOCKETS_PER_USER = 20;

/** The answer to a join or leave beyond a cap. */
export const RATE_LIMITED: RoomDecision = { ok: false, errorCode: 'RATE_LIMIT_EXCEEDED' };

/**
 * The caps that keep one client from making an instance queue unbounded work (issue 23): joins
 * and leaves pending per socket, rooms per socket, sockets per customer.
 */
export class RealtimeLimits {
  private readonly pending = new WeakMap<RealtimeSocket, number>();

  /** The handshake's refusal for a customer who already holds `held` sockets on this instance; undefined below MAX_SOCKETS_PER_USER. */
  socketRefusal(held: number): ExtendedError | undefined {
    if (held < MAX_SOCKETS_PER_USER) return undefined;
    const error: ExtendedError = new Error('RATE_LIMIT_EXCEEDED');
    error.data = { errorCode: 'RATE_LIMIT_EXCEEDED', message: `At most ${MAX_SOCKETS_PER_USER} connections per customer` };
    return error;
  }

  /** Whether the socket may join `room`: one it is in already, or one more below MAX_ROOMS_PER_SOCKET. */
  mayJoin(socket: RealtimeSocket, room: string): boolean {
    return socket.rooms.has(room) || roomsOf(socket).length < MAX_ROOMS_PER_SOCKET;
  }

  /**
   * Starts a join or leave (`start`, which queues it), counted as pending until it settles; or, when
   * MAX_PENDING_PER_SOCKET are pending already, starts nothing and returns undefined.
   */
  admitRequest(socket: RealtimeSocket, start: () => Promise<void>): Promise<void> | undefined {
    const pending = this.pending.get(socket) ?? 0;
    if (pending >= MAX_PENDING_PER_SOCKET) return undefined;
    this.pending.set(socket, pending + 1);
    return start().finally(() => this.pending.set(socket, (this.pending.get(socket) ?? 1) - 1));
  }
}
