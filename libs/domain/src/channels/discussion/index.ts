/** Channel discussions (community-content-uploads.md "Discussion and messages"; issue 23). */
export * from './discussion.errors';
export { DiscussionRepository } from './discussion.repository';
export type { DiscussionOfChannel, MessageInDiscussion } from './discussion.repository';
export { DiscussionMessagesRepository } from './discussion-messages.repository';
export { DISCUSSION_MESSAGE_EVENTS, DiscussionMessageEvents, discussionRoom } from './discussion-message.events';
export type { DiscussionMessageEvent, DiscussionMessageEventName } from './discussion-message.events';
export { toCompactMessageView, toDiscussionView, toMessageView } from './discussion.views';
export type { CompactMessageView, DiscussionView, MessageView, MessageViewName } from './discussion.views';
// mobile: the member routes (read, post, edit and delete own messages)
export * from './mobile';
// admin: discussion settings, messages as ADMIN, edits and deletes of any message, bans, mutes, the moderation log
export * from './admin';
export {
  MAX_DISCUSSION_TITLE_LENGTH,
  MAX_MESSAGE_BODY_LENGTH,
  MAX_MODERATION_REASON_LENGTH,
  MAX_SLOW_MODE_INTERVAL_SECONDS,
  MessageBodyField,
} from './dto/discussion-fields';
