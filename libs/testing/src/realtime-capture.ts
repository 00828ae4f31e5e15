import Redis from 'ioredis';
import { decode } from 'notepack.io';
import { realtimeKey } from '@platform/redis';
import { TEST_ENV } from './test-environment';

export interface CapturedRealtimeEvent {
  rooms: string[];
  event: string;
  payload: Record<string, unknown>;
}

export interface RealtimeCapture {
  /** Every event published so far, in order. */
  events: CapturedRealtimeEvent[];
  /** The events for `room`, in order. */
  inRoom(room: string): CapturedRealtimeEvent[];
  close(): Promise<void>;
}

/**
 * Listens to what RealtimeEmitter publishes (the socket.io Redis emitter's packets:
 * msgpack `[uid, { type, data: [event, payload], nsp }, { rooms }]`) on this test run's key, so a
 * test can assert on the events without a socket.io server.
 */
export async function captureRealtime(): Promise<RealtimeCapture> {
  const subscriber = new Redis(TEST_ENV['REDIS_URL'] as string, { lazyConnect: true });
  await subscriber.connect();
  const events: CapturedRealtimeEvent[] = [];
  subscriber.on('pmessageBuffer', (_pattern: Buffer, _channel: Buffer, message: Buffer) => {
    const [, packet, options] = decode(message) as [string, { data: [string, Record<string, unknown>] }, { rooms: string[] }];
    events.push({ rooms: options.rooms, event: packet.data[0], payload: packet.data[1] });
  });
  await subscriber.psubscribe(`${realtimeKey(TEST_ENV['REDIS_PREFIX'] as string)}#*`);
  return {
    events,
    inRoom: (room) => events.filter((event) => event.rooms.includes(room)),
    close: async () => void (await subscriber.quit()),
  };
}
