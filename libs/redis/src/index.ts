export { createRedisConnection, waitForRedis, pingRedis, closeRedis, keyPrefix } from './redis-connection';
export type { RedisSettings } from './redis-connection';
export { Cache } from './cache';
export { VersionedCache } from './versioned-cache';
export type { VersionedView } from './versioned-cache';
export type { default as Redis } from 'ioredis';
export { RateLimiters } from './rate-limiters';
export type { RateLimitRule, RateLimitDecision } from './rate-limiters';
export { RealtimeEmitter, realtimeKey } from './realtime-emitter';
