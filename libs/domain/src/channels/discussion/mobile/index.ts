/** The member routes of channel discussions (community-content-uploads.md "Channels, mobile" rules 4-5; issue 23). */
export { MobileDiscussionMessageBodyDto } from './dto/message-body.dto';
export { MobileDiscussionRepository } from './mobile-discussion.repository';
export type { DiscussionMember } from './mobile-discussion.repository';
export { DiscussionSlowModeRepository } from './discussion-slow-mode.repository';
export type { SlowModeClaim } from './discussion-slow-mode.repository';
export { MobileDiscussionAccessService } from './mobile-discussion-access.service';
export { MobileDiscussionService } from './mobile-discussion.service';
export { MobilePostMessageUseCase } from './use-cases/post-message.use-case';
export { MobileEditMessageUseCase } from './use-cases/edit-message.use-case';
export { MobileDeleteMessageUseCase } from './use-cases/delete-message.use-case';
