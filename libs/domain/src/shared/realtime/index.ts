export { REALTIME_ACCESS_RECHECK, RealtimeAccessRecheck, parseRecheckTarget } from './realtime-access-recheck';
export type { RealtimeAccessRecheckTarget } from './realtime-access-recheck';
