import { Service } from 'typedi';
import { Database } from '@platform/db';
import { AdminActor, readStrictBody, RealtimeAccessRecheck } from '../../../../shared';
import { ChannelRepository } from '../../../channel.repository';
import { ChannelSoftDeleted } from '../../../channels.errors';
import { ChannelFeatureKeysService } from '../channel-feature-keys.service';
import { ChannelDetailView, toChannelDetail } from '../channel.views';
import { UpdateChannelAccessPolicyDto } from '../dto/update-channel-access-policy.dto';

/**
 * PATCH /api/admin/channels/:id/access-policy (community-content-uploads.md "PATCH access policy
 * body"): the four policy fields, at least one; a gated channel keeps a known feature key (null:
 * 422; unknown: 422 CHANNEL_FEATURE_KEY_UNKNOWN). Records who changed it and when (the policy's
 * updatedByAdminId / updatedAt). A soft-deleted channel is refused until restored.
 */
@Service()
export class UpdateChannelAccessPolicyUseCase {
  constructor(
    private readonly db: Database,
    private readonly channels: ChannelRepository,
    private readonly featureKeys: ChannelFeatureKeysService,
    private readonly realtimeRecheck: RealtimeAccessRecheck,
  ) {}

  async execute(admin: AdminActor, id: number, body: unknown): Promise<ChannelDetailView> {
    const dto = readStrictBody(UpdateChannelAccessPolicyDto, body, { atLeastOne: true });
    return this.db.transaction(async (tx) => {
      const channel = await this.channels.requireChannel(id, tx, true);
      if (channel.status === 'soft_deleted') throw ChannelSoftDeleted();
      const policy = channel.accessPolicyConfig;
      if (dto.required_feature_key !== undefined) {
        const key = dto.required_feature_key ?? null;
        this.featureKeys.requireForGate(channel.accessPolicy, key, 'required_feature_key');
        await this.featureKeys.requireKnown(key, 'required_feature_key', tx);
        policy.requiredFeatureKey = key;
      }
      if (dto.first_subscribe_history_policy !== undefined) policy.firstSubscribeHistoryPolicy = dto.first_subscribe_history_policy;
      if (dto.resubscribe_backfill_days !== undefined) policy.resubscribeBackfillDays = dto.resubscribe_backfill_days;
      if (dto.preserve_prior_entitled_history !== undefined) policy.preservePriorEntitledHistory = dto.preserve_prior_entitled_history;
      policy.updatedByAdminId = admin.id;
      policy.changed('updatedAt', true);
      await policy.save({ transaction: tx });
      // Another feature key: sockets in the channel's rooms are decided again after commit.
      if (dto.required_feature_key !== undefined) this.realtimeRecheck.channel(id, tx);
      return toChannelDetail(channel);
    });
  }
}
