export { IdempotentRequests, STALE_IN_PROGRESS_MINUTES } from './idempotent-requests.service';
export type { IdempotencyClaim, IdempotencyErrors, IdempotencyReference, IdempotencyStart, IdempotentRequest } from './idempotent-requests.service';
export { PurgeExpiredIdempotencyKeysUseCase } from './purge-expired-idempotency-keys.use-case';
export { requestFingerprint } from './request-fingerprint';
