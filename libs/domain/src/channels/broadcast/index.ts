export { ChannelBroadcastPushService, channelBroadcastDedupeKey } from './channel-broadcast-push.service';
export { ChannelPushAudienceService } from './channel-push-audience.service';
