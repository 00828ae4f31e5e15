/** Admin channel routes (community-content-uploads.md "Channels, admin"): create, reads, metadata, access policy, status, restore. */
export { CreateChannelDto, ChannelAccessPolicyConfigDto } from './dto/create-channel.dto';
export { UpdateChannelDto } from './dto/update-channel.dto';
export { UpdateChannelAccessPolicyDto } from './dto/update-channel-access-policy.dto';
export { ChangeChannelStatusDto } from './dto/change-channel-status.dto';
export { MAX_CHANNEL_DESCRIPTION_LENGTH, MAX_CHANNEL_TITLE_LENGTH, MAX_RESUBSCRIBE_BACKFILL_DAYS } from './dto/channel-fields';
export { toChannelDetail } from './channel.views';
export type { AdminChannelListItemView, ChannelAccessPolicyConfigView, ChannelDetailView } from './channel.views';
export { ADMIN_CHANNEL_LIST, AdminChannelsService } from './admin-channels.service';
export type { AdminChannelFilters, AdminChannelSort } from './admin-channels.service';
export { ChannelFeatureKeysService } from './channel-feature-keys.service';
export { CreateChannelUseCase } from './use-cases/create-channel.use-case';
export { UpdateChannelUseCase } from './use-cases/update-channel.use-case';
export { UpdateChannelAccessPolicyUseCase } from './use-cases/update-channel-access-policy.use-case';
export { ChangeChannelStatusUseCase } from './use-cases/change-channel-status.use-case';
export { RestoreChannelUseCase } from './use-cases/restore-channel.use-case';
