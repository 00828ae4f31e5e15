export { CHANNEL_PUSH_AUDIENCE } from './channel-push-audience';
export type { ChannelBroadcast, ChannelPushAudience, ChannelPushAudiencePage } from './channel-push-audience';
