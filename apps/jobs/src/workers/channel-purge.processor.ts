import { PurgeSoftDeletedChannelsUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/**
 * Hourly: soft-deleted channels whose purge_after has passed are deleted with their posts,
 * attachments and the stored objects no other channel uses (issue 21, Channel status). Safe to
 * run twice, and with two runners at once.
 */
export const channelPurgeProcessor = defineProcessor({
  job: 'channels.purge_soft_deleted',
  repeat: { cron: '29 * * * *' },
  process: (_job, container) => container.get(PurgeSoftDeletedChannelsUseCase).execute(),
});
