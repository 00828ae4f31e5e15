import { ChannelAccessPolicyConfigDto } from './create-channel.dto';

/**
 * PATCH /api/admin/channels/:id/access-policy: the four policy fields of a new channel's
 * `access_policy_config`, at least one. `required_feature_key`: null clears it (refused on a gated
 * channel, which must name one).
 */
export class UpdateChannelAccessPolicyDto extends ChannelAccessPolicyConfigDto {}
