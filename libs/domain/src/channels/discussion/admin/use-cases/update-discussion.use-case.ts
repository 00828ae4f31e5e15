import { Service } from 'typedi';
import { ChannelDiscussionModel, DiscussionSettingsChanges } from '@platform/db';
import { AdminActor, BodyUnprocessable, Clock, readStrictBody, RealtimeAccessRecheck } from '../../../../shared';
import { ChannelFeatureKeysService } from '../../../admin/channels';
import { DiscussionView, toDiscussionView } from '../../discussion.views';
import { DiscussionModerationActsService } from '../discussion-moderation-acts.service';
import { UpdateDiscussionDto } from '../dto/update-discussion.dto';

/** The settings a PATCH may change: the body's name of each, and the model's. */
const SETTINGS = {
  is_enabled: 'isEnabled',
  title: 'title',
  required_feature_key: 'requiredFeatureKey',
  slow_mode_enabled: 'slowModeEnabled',
  slow_mode_interval_seconds: 'slowModeIntervalSeconds',
} as const;
type Settings = Pick<ChannelDiscussionModel, (typeof SETTINGS)[keyof typeof SETTINGS]>;

/**
 * PATCH /api/admin/channels/:id/discussion (CONTRACT section 10): is_enabled, title,
 * required_feature_key (a known feature key, else 422 CHANNEL_FEATURE_KEY_UNKNOWN; null clears it),
 * slow_mode_enabled, slow_mode_interval_seconds; at least one. Slow mode on needs an interval (the
 * channel_discussions_slow_mode CHECK), judged on the stored settings with the given ones over
 * them: 422 naming the field, never the CHECK's 500. A soft-deleted channel is 422
 * CHANNEL_SOFT_DELETED until restored, as its metadata is. Under the discussion's row lock
 * (DiscussionModerationActsService), so a post sees the settings before or after, never half.
 * A change of settings is moderation: a settings_update entry names the admin and exactly the
 * fields that changed ({ field: { from, to } }); a PATCH repeating the stored values logs nothing.
 */
@Service()
export class UpdateDiscussionUseCase {
  constructor(
    private readonly acts: DiscussionModerationActsService,
    private readonly featureKeys: ChannelFeatureKeysService,
    private readonly clock: Clock,
    private readonly realtimeRecheck: RealtimeAccessRecheck,
  ) {}

  async execute(admin: AdminActor, channelId: number, body: unknown): Promise<DiscussionView> {
    const dto = readStrictBody(UpdateDiscussionDto, body, { atLeastOne: true });
    return this.acts.onDiscussion(admin, channelId, async ({ discussion }, tx) => {
      const next: Settings = {
        isEnabled: dto.is_enabled ?? discussion.isEnabled,
        title: dto.title ?? discussion.title,
        requiredFeatureKey: dto.required_feature_key === undefined ? discussion.requiredFeatureKey : dto.required_feature_key,
        slowModeEnabled: dto.slow_mode_enabled ?? discussion.slowModeEnabled,
        slowModeIntervalSeconds: dto.slow_mode_interval_seconds === undefined ? discussion.slowModeIntervalSeconds : dto.slow_mode_interval_seconds,
      };
      if (next.slowModeEnabled && next.slowModeIntervalSeconds === null) {
        const field = dto.slow_mode_interval_seconds === null ? 'slow_mode_interval_seconds' : 'slow_mode_enabled';
        throw BodyUnprocessable([
          { field, code: 'slowModeNeedsInterval', message: 'Slow mode needs slow_mode_interval_seconds (1-86400): give one with slow_mode_enabled true' },
        ]);
      }
      if (dto.required_feature_key !== undefined) await this.featureKeys.requireKnown(dto.required_feature_key, 'required_feature_key', tx);
      const changes: DiscussionSettingsChanges = {};
      for (const [field, attribute] of Object.entries(SETTINGS)) {
        if (next[attribute] !== discussion[attribute]) changes[field] = { from: discussion[attribute], to: next[attribute] };
      }
      // A PATCH repeating the stored values is still an edit: updatedAt moves (the app Clock's), as channel metadata's does.
      const values = { ...next, updatedAt: this.clock.now() };
      await ChannelDiscussionModel.update(values, { where: { id: discussion.id }, transaction: tx, silent: true });
      discussion.set(values, { raw: true });
      // Another required feature: sockets in the discussion's room are decided again after commit.
      if (dto.required_feature_key !== undefined) this.realtimeRecheck.channel(channelId, tx);
      const entry = Object.keys(changes).length > 0 ? { action: 'settings_update' as const, userId: null, changes } : null;
      return { result: toDiscussionView(discussion), entry };
    });
  }
}
