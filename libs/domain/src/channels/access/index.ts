export { ChannelAccessService, NOTIFICATION_GRACE_MS } from './channel-access.service';
export type { ChannelAccess, ChannelReader, DiscussionAccess } from './channel-access.service';
export { historyVisibility, isVisible, visibilitySql } from './post-visibility';
export type { HistorySettings, PostVisibility, PublishedRange } from './post-visibility';
