import { PurgeExpiredRefreshTokensUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

export const purgeRefreshTokensProcessor = defineProcessor({
  job: 'maintenance.purge_expired_refresh_tokens',
  repeat: { cron: '17 3 * * *' },
  process: (_job, container) => container.get(PurgeExpiredRefreshTokensUseCase).execute(),
});
