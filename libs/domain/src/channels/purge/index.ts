export { PurgeSoftDeletedChannelsUseCase, CHANNEL_PURGE_BATCH_SIZE } from './purge-soft-deleted-channels.use-case';
export type { ChannelPurgeReport } from './purge-soft-deleted-channels.use-case';
