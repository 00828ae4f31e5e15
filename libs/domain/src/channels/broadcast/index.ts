export { ChannelBroadcastPushService, channelBroadcastDedupeKey } from './channel-broadcast-push.service';
