export { HeartbeatLessonNotFound, HeartbeatNotEnrolled, HeartbeatTokenExpired } from './progress.errors';
export { watchPercentage, reachesCompletion } from './watch-percentage';
export { HeartbeatDto } from './heartbeat/heartbeat.dto';
export { HeartbeatGate } from './heartbeat/heartbeat-gate';
export type { HeartbeatCaller } from './heartbeat/heartbeat-gate';
export { RecordHeartbeatUseCase } from './heartbeat/record-heartbeat.use-case';
export type { HeartbeatView } from './heartbeat/record-heartbeat.use-case';
