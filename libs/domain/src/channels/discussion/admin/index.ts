/** Admin discussion and moderation routes (issue 23 "Admin discussion and moderation"; CONTRACT section 10). */
export { UpdateDiscussionDto } from './dto/update-discussion.dto';
export { AdminEditMessageDto, AdminPostMessageDto, ModerationReasonDto } from './dto/admin-message.dto';
export { BanFromDiscussionDto, MuteInDiscussionDto } from './dto/moderation.dto';
export type { DiscussionBanView, DiscussionLiftView, DiscussionModerationActionView, DiscussionMuteView } from './moderation.views';
export { AdminDiscussionService } from './admin-discussion.service';
export { DISCUSSION_BAN_LIST, DISCUSSION_MUTE_LIST, DiscussionModerationService } from './discussion-moderation.service';
export { DiscussionModerationLogService } from './discussion-moderation-log.service';
export type { ModerationEntry } from './discussion-moderation-log.service';
export { DiscussionUsersService } from './discussion-users.service';
export { UpdateDiscussionUseCase } from './use-cases/update-discussion.use-case';
export { AdminPostMessageUseCase } from './use-cases/admin-post-message.use-case';
export { AdminEditMessageUseCase } from './use-cases/admin-edit-message.use-case';
export { AdminDeleteMessageUseCase } from './use-cases/admin-delete-message.use-case';
export { BanFromDiscussionUseCase } from './use-cases/ban-from-discussion.use-case';
export { UnbanFromDiscussionUseCase } from './use-cases/unban-from-discussion.use-case';
export { MuteInDiscussionUseCase } from './use-cases/mute-in-discussion.use-case';
export { UnmuteInDiscussionUseCase } from './use-cases/unmute-in-discussion.use-case';
