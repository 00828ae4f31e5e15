export { IDEMPOTENCY_KEY_PATTERN, IdempotencyKeysService } from './idempotency-keys.service';
export type { IdempotencyClaim, IdempotencyErrors, IdempotencyReference, IdempotencyStart, IdempotentRequest } from './idempotency-keys.service';
export { STALE_IN_PROGRESS_MINUTES } from './idempotency-keys.repository';
export { PURGE_BATCH_SIZE, PurgeExpiredIdempotencyKeysUseCase } from './purge-expired-idempotency-keys.use-case';
export { requestFingerprint } from './request-fingerprint';
