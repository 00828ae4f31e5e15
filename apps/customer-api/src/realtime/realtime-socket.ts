import type { Socket } from 'socket.io';
import type { RealtimeSocketData } from './realtime-auth';

/** What a client may send (CONTRACT section 9): join or leave a room, answered through `ack`. */
export interface RealtimeClientEvents {
  join(room: unknown, ack?: unknown): void;
  leave(room: unknown, ack?: unknown): void;
}
export type RealtimeSocket = Socket<RealtimeClientEvents, Record<string, never>, Record<string, never>, RealtimeSocketData>;

/** The rooms a socket joined (socket.io also keeps each socket in a room named by its own id). */
export const roomsOf = (socket: RealtimeSocket): string[] => [...socket.rooms].filter((room) => room !== socket.id);
