import { Service } from 'typedi';
import { Database } from '@platform/db';
import { BodyUnprocessable, readStrictBody, RealtimeAccessRecheck } from '../../../../shared';
import { ChannelFeatureKeysService } from '../../../admin/channels';
import { ChannelSoftDeleted } from '../../../channels.errors';
import { DiscussionRepository } from '../../discussion.repository';
import { DiscussionView, toDiscussionView } from '../../discussion.views';
import { UpdateDiscussionDto } from '../dto/update-discussion.dto';

/**
 * PATCH /api/admin/channels/:id/discussion (CONTRACT section 10): is_enabled, title,
 * required_feature_key (a known feature key, else 422 CHANNEL_FEATURE_KEY_UNKNOWN; null clears it),
 * slow_mode_enabled, slow_mode_interval_seconds; at least one. Slow mode on needs an interval (the
 * channel_discussions_slow_mode CHECK), judged on the stored settings with the given ones over
 * them: 422 naming the field, never the CHECK's 500. A soft-deleted channel is 422
 * CHANNEL_SOFT_DELETED until restored, as its metadata is. Under the discussion's row lock, the
 * lock message writers take first, so a post sees the settings before or after, never half.
 */
@Service()
export class UpdateDiscussionUseCase {
  constructor(
    private readonly db: Database,
    private readonly discussions: DiscussionRepository,
    private readonly featureKeys: ChannelFeatureKeysService,
    private readonly realtimeRecheck: RealtimeAccessRecheck,
  ) {}

  async execute(channelId: number, body: unknown): Promise<DiscussionView> {
    const dto = readStrictBody(UpdateDiscussionDto, body, { atLeastOne: true });
    return this.db.transaction(async (tx) => {
      const { channel, discussion } = await this.discussions.requireOfChannel(channelId, tx, true);
      if (channel.status === 'soft_deleted') throw ChannelSoftDeleted();
      const slowModeEnabled = dto.slow_mode_enabled ?? discussion.slowModeEnabled;
      const interval = dto.slow_mode_interval_seconds === undefined ? discussion.slowModeIntervalSeconds : dto.slow_mode_interval_seconds;
      if (slowModeEnabled && interval === null) {
        const field = dto.slow_mode_interval_seconds === null ? 'slow_mode_interval_seconds' : 'slow_mode_enabled';
        throw BodyUnprocessable([
          { field, code: 'slowModeNeedsInterval', message: 'Slow mode needs slow_mode_interval_seconds (1-86400): give one with slow_mode_enabled true' },
        ]);
      }
      if (dto.required_feature_key !== undefined) {
        await this.featureKeys.requireKnown(dto.required_feature_key, 'required_feature_key', tx);
        discussion.requiredFeatureKey = dto.required_feature_key;
      }
      if (dto.is_enabled !== undefined) discussion.isEnabled = dto.is_enabled;
      if (dto.title !== undefined) discussion.title = dto.title;
      discussion.slowModeEnabled = slowModeEnabled;
      discussion.slowModeIntervalSeconds = interval;
      // A PATCH repeating the stored values is still an edit: updatedAt moves, as channel metadata's does.
      discussion.changed('updatedAt', true);
      await discussion.save({ transaction: tx });
      // Another required feature: sockets in the discussion's room are decided again after commit.
      if (dto.required_feature_key !== undefined) this.realtimeRecheck.channel(channelId, tx);
      return toDiscussionView(discussion);
    });
  }
}
