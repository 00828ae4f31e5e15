import { Token } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Logger } from '@platform/observability';
import type { Cache, Redis } from '@platform/redis';

/** Injection tokens for values that are not classes. Each app sets them in its container. */
export const CONFIG = new Token<AppConfig>('platform.config');
export const LOGGER = new Token<Logger>('platform.logger');
export const REDIS = new Token<Redis>('platform.redis');
export const CACHE = new Token<Cache>('platform.cache');

/** Publishes a realtime event to a socket.io room (libs/redis RealtimeEmitter); call it after commit. */
export interface RealtimePublisher {
  emit(room: string, event: string, payload: object): void;
  /** To every socket.io server instance itself, not to sockets (RealtimeAccessRecheck). */
  serverSideEmit(event: string, payload: object): void;
}
export const REALTIME = new Token<RealtimePublisher>('platform.realtime');
