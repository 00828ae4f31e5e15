import { Service } from 'typedi';
import type { ChannelAccessPolicy, Transaction } from '@platform/db';
import { BodyUnprocessable } from '../../../shared';
import { SubscriptionFeatureKeysService } from '../../../subscriptions';
import { ChannelFeatureKeyUnknown } from '../../channels.errors';

/**
 * The rule on a channel's `required_feature_key` (community-content-uploads.md "Channel"): a gated
 * channel names one, and any key named must be a known subscription feature key.
 */
@Service()
export class ChannelFeatureKeysService {
  constructor(private readonly featureKeys: SubscriptionFeatureKeysService) {}

  /** 422 UNPROCESSABLE when a gated channel would have no key (`field` names it in errors[]). */
  requireForGate(accessPolicy: ChannelAccessPolicy, key: string | null, field: string): void {
    if (accessPolicy === 'EXTERNAL_GATED' && key === null) {
      throw BodyUnprocessable([
        { field, code: 'requiredForGated', message: `${field} is required for an EXTERNAL_GATED channel: name the subscription feature it needs` },
      ]);
    }
  }

  /** 422 CHANNEL_FEATURE_KEY_UNKNOWN when no subscription plan names `key`. */
  async requireKnown(key: string | null, field: string, tx?: Transaction): Promise<void> {
    if (key !== null && !(await this.featureKeys.isKnown(key, tx))) throw ChannelFeatureKeyUnknown(key, field);
  }
}
