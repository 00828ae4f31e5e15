export { CHANNEL_PUSH_AUDIENCE } from './channel-push-audience';
export type { ChannelBroadcast, ChannelPushAudience, ChannelPushAudiencePage } from './channel-push-audience';
export { CONTENT_READERS_AUDIENCE } from './content-readers-audience';
export type { ContentReader, ContentReadersAudience, ContentReadersPage, NewsletterItem } from './content-readers-audience';
