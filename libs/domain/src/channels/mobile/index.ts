/** Mobile reads of channels and posts (community-content-uploads.md "Channels, mobile"; issue 22). */
export { channelReaderOf, toMobileChannelItem, toMobilePostView, UNREAD_COUNT_CAP } from './mobile-channel.views';
export type { MobileChannelItemView, MobileChannelPostStats, MobilePostAttachmentView, MobilePostView } from './mobile-channel.views';
export { MobileChannelsRepository } from './mobile-channels.repository';
export type { ChannelSeer } from './mobile-channels.repository';
export { MOBILE_CHANNEL_LIST, MobileChannelsService } from './mobile-channels.service';
export { MobileChannelPostsService } from './mobile-channel-posts.service';
