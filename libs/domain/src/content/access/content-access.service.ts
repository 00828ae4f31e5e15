import { Service } from 'typedi';
import { Clock } from '../../shared';
import { ContentTier, ContentTierHolder, contentTiersReadableWith, EntitlementService } from '../../subscriptions';

/** Whether a reader may read an item in full, and if not, the tier it needs. */
export type ContentDecision = { full: true } | { full: false; requiredTier: ContentTier };

/**
 * The one newsletter access function (community-content-uploads.md "Entitlement"; Ghost once
 * emailed tier-only posts to everyone because its renderer skipped the check, TryGhost/Ghost#25046).
 * `/full`, the library, the email and the push audiences all ask it: no tier, free to every
 * signed-in reader; `basic`, a basic or premium entitlement active at `at`; `premium`,
 * a premium one (trials and admin grants count; revoked or expired ones do not).
 */
@Service()
export class ContentAccessService {
  constructor(
    private readonly entitlements: EntitlementService,
    private readonly clock: Clock,
  ) {}

  async decide(userId: string, requiredTier: ContentTier | null, at: Date = this.clock.now()): Promise<ContentDecision> {
    if (requiredTier === null) return { full: true };
    return (await this.readableTiers(userId, at)).includes(requiredTier) ? { full: true } : { full: false, requiredTier };
  }

  /**
   * The tiers `userId` may read in full at `at` (free items always): what a query filters by
   * (`tier IS NULL OR tier = ANY(readable)`), so lists and audiences apply `decide`'s rule in SQL.
   */
  async readableTiers(userId: string, at: Date = this.clock.now()): Promise<ContentTier[]> {
    return contentTiersReadableWith(await this.entitlements.contentTier(userId, at));
  }

  /**
   * `decide`'s rule turned around: up to `limit` users who may read an item requiring
   * `requiredTier` (null: free, every user holding a content tier) in full at `at`, in user id
   * order after `after` (null: from the first). The audience of a newsletter send, page by page.
   */
  async readers(requiredTier: ContentTier | null, after: string | null, limit: number, at: Date = this.clock.now()): Promise<ContentTierHolder[]> {
    return this.entitlements.contentTierHolders(requiredTier, after, limit, at);
  }
}
