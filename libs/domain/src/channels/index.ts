/**
 * The channels context's door (community-content-uploads.md: Channel, Channel post, Channel
 * status, Channels admin). Other contexts and the apps import channels only from here.
 */
export * from './channels.errors';
export { ChannelRepository, isPostId } from './channel.repository';
export type { ChannelWithPolicy, PostWithAttachments } from './channel.repository';
export { CHANNEL_POST_EVENTS, ChannelPostEvents, channelRoom } from './channel-post.events';
export type { ChannelPostEvent, ChannelPostEventName } from './channel-post.events';
export { ChannelBroadcastPushService, ChannelPushAudienceService, channelBroadcastDedupeKey } from './broadcast';
export { PurgeSoftDeletedChannelsUseCase, CHANNEL_PURGE_BATCH_SIZE } from './purge';
export type { ChannelPurgeReport } from './purge';
// admin: channel create, reads, metadata, access policy, status, restore
export * from './admin/channels';
// admin: channel posts (create, reads, update, delete, pin)
export * from './admin/posts';
// The one access function (issue 22): reads, sockets, push and signed URLs ask it.
export * from './access';
// mobile: join, leave, read state
export * from './membership';
// mobile: channel list and detail, posts and post detail
export * from './mobile';
// mobile: may a customer read a post attachment's storage key now (the signed-url route's second way in)
export { ChannelAttachmentAccessService } from './mobile/attachment-access.service';
// discussion: messages, moderation, message deltas (issue 23)
export * from './discussion';
// realtime: who may be in a socket room, and the recheck when access changes (issue 23)
export * from './realtime';
