/** Mobile membership and read state (community-content-uploads.md "Membership, read state", "Membership and access"; issue 22). */
export { UpdateReadStateDto } from './dto/update-read-state.dto';
export { ChannelMembershipRepository } from './channel-membership.repository';
export type { MembershipOwner } from './channel-membership.repository';
export { ChannelMembershipNotBroadcast } from './membership.errors';
export type { ChannelMembershipView, ChannelReadStateView } from './membership.views';
export { JoinChannelUseCase } from './use-cases/join-channel.use-case';
export { LeaveChannelUseCase } from './use-cases/leave-channel.use-case';
export { UpdateChannelReadStateUseCase } from './use-cases/update-read-state.use-case';
