import { PurgeExpiredIdempotencyKeysUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

export const purgeIdempotencyKeysProcessor = defineProcessor({
  job: 'maintenance.purge_expired_idempotency_keys',
  repeat: { cron: '41 * * * *' },
  process: (_job, container) => container.get(PurgeExpiredIdempotencyKeysUseCase).execute(),
});
