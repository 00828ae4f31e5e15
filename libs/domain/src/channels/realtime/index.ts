/** Realtime rooms of channels and discussions (CONTRACT section 9; issue 23): who may be in a room, and the recheck when access changes. */
export { RealtimeRoomsService } from './realtime-rooms.service';
export type { RealtimeRoom, RoomDecision, RoomTargets } from './realtime-rooms.service';
