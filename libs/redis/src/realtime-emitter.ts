import { Emitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { keyPrefix } from './redis-connection';

/**
 * Publishes socket.io events to rooms from any process (admin-api, jobs), through Redis: the
 * customer-api's socket.io servers (Redis adapter, same `key`) deliver them to the sockets in the
 * room (socket.io docs, "Redis emitter"; CONTRACT section 9). Pub/sub channel names are not
 * covered by ioredis' keyPrefix, so the platform prefix is part of the key: test runs and
 * deployments sharing a Redis never hear each other.
 */
export class RealtimeEmitter {
  private readonly emitter: Emitter;

  constructor(redis: Redis, prefix: string, logger: Logger) {
    this.emitter = new Emitter(guardedPublisher(redis, logger), { key: realtimeKey(prefix) });
  }

  /** Fire and forget: a delta lost here is recovered by the client's cursor resync (its `seq` shows the gap). */
  emit(room: string, event: string, payload: object): void {
    this.emitter.to(room).emit(event, payload);
  }

  /**
   * An event to the socket.io servers themselves (each instance's `io.of('/').on(event)`), not to
   * sockets: how a write tells every customer-api to decide its sockets' rooms again. Fire and forget too.
   */
  serverSideEmit(event: string, payload: object): void {
    this.emitter.serverSideEmit(event, payload);
  }
}

/**
 * The emitter calls `publish` without handling its promise; with the offline queue off a
 * disconnected Redis rejects at once, and an unhandled rejection ends the process. The emitter
 * gets a client whose publish logs its failure instead.
 */
function guardedPublisher(redis: Redis, logger: Logger) {
  const failed = (error: unknown, channel: string) => logger.warn({ err: error, channel }, 'realtime publish failed; the event is lost');
  return {
    publish(channel: string, message: string | Buffer): void {
      try {
        redis.publish(channel, message).catch((error: unknown) => failed(error, channel));
      } catch (error) {
        failed(error, channel);
      }
    },
  };
}

/** The socket.io adapter key every process of one deployment shares. */
export const realtimeKey = (prefix: string) => `${keyPrefix(prefix)}socket.io`;
