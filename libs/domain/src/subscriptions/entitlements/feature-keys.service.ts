import { Service } from 'typedi';
import { SubscriptionPlanFeatureModel } from '@platform/db';
import type { Transaction } from '@platform/db';

/**
 * The subscription feature keys that exist: what a gated channel or discussion may require
 * (community-content-uploads.md "Channel": "the key must be a known subscription feature key").
 * A key is known when any plan names it, enabled or not: an admin may gate a channel on a feature
 * before switching it on.
 */
@Service()
export class SubscriptionFeatureKeysService {
  async isKnown(featureKey: string, tx?: Transaction): Promise<boolean> {
    const found = await SubscriptionPlanFeatureModel.findOne({ where: { featureKey }, attributes: ['id'], transaction: tx });
    return found !== null;
  }
}
