/** Admin routes of channel posts (community-content-uploads.md "Channels, admin"; issue 21). */
export { ChannelPostAttachmentDto, ChannelPostContentDto, CreateChannelPostDto, PinChannelPostDto, UpdateChannelPostDto } from './dto/channel-post.dto';
export { ATTACHMENT_KEY_PREFIXES, MAX_POST_ATTACHMENTS, MAX_POST_BODY_LENGTH, MAX_LINK_URL_LENGTH, isAttachmentKey } from './dto/post-fields.decorators';
export { MAX_CHART_PAYLOAD_BYTES, MAX_CHART_PAYLOAD_DEPTH } from './dto/chart-payload';
export { postShapeProblems } from './dto/post-shape';
export type { PostContent } from './dto/post-shape';
export { toChannelPostView } from './post.views';
export type { ChannelPostAttachmentView, ChannelPostView } from './post.views';
export { ChannelPostsService, readIncludeDeleted } from './channel-posts.service';
export { CreateChannelPostUseCase } from './use-cases/create-channel-post.use-case';
export { UpdateChannelPostUseCase } from './use-cases/update-channel-post.use-case';
export { DeleteChannelPostUseCase } from './use-cases/delete-channel-post.use-case';
export { PinChannelPostUseCase } from './use-cases/pin-channel-post.use-case';
