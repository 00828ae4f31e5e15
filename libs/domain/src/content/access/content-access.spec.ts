import { expect } from 'chai';
import { createContentItem, createContentSeries, createCustomer, createSubscription, createSubscriptionCatalog, testContainer } from '@platform/testing';
import { contentTiersReadableWith } from '../../subscriptions';
import { ContentAccessService } from './content-access.service';
import { ContentTiersService } from './content-tiers.service';

/** The one newsletter access function and the tier it decides on (issue 24; community-content-uploads.md "Entitlement"). */
describe('newsletter access: tiers and the access function', () => {
  const DAY = 86_400_000;

  it('reads basic with basic or premium, premium with premium only, and nothing tiered without a tier', () => {
    expect(contentTiersReadableWith(null)).to.deep.equal([]);
    expect(contentTiersReadableWith('basic')).to.deep.equal(['basic']);
    expect(contentTiersReadableWith('premium')).to.deep.equal(['basic', 'premium']);
  });

  it('takes the item’s rule over its series’ rule, the series’ when the item has none, and none as free', async () => {
    const tiers = (await testContainer('content-access-spec')).get(ContentTiersService);
    const premiumSeries = await createContentSeries({ tier: 'premium' });
    const freeSeries = await createContentSeries();
    const inherits = await createContentItem(premiumSeries);
    const lowered = await createContentItem(premiumSeries, { tier: 'basic' });
    const raised = await createContentItem(freeSeries, { tier: 'premium' });
    const free = await createContentItem(freeSeries);
    const found = await tiers.ofItems([inherits.id, lowered.id, raised.id, free.id]);
    expect(Object.fromEntries(found)).to.deep.equal({
      [inherits.id]: { tier: 'premium', itemTier: null },
      [lowered.id]: { tier: 'basic', itemTier: 'basic' },
      [raised.id]: { tier: 'premium', itemTier: 'premium' },
      [free.id]: { tier: null, itemTier: null },
    });
    expect(await tiers.ofItems([])).to.deep.equal(new Map());
    expect(Object.fromEntries(await tiers.ofSeries([premiumSeries.id, freeSeries.id]))).to.deep.equal({ [premiumSeries.id]: 'premium' });
  });

  it('decides by the subscription active at the instant: a trial and a grant count, an expired or revoked one does not', async () => {
    const container = await testContainer('content-access-spec');
    const access = container.get(ContentAccessService);
    const catalog = await createSubscriptionCatalog();
    const now = new Date();
    const basicPlan = { planId: catalog.basic.plan.id, moduleId: catalog.module.id };
    const premiumPlan = { planId: catalog.premium.plan.id, moduleId: catalog.module.id };
    const reader = async (plan: typeof basicPlan | null, window: Parameters<typeof createSubscription>[2] = { startsAt: new Date(now.getTime() - DAY), endsAt: new Date(now.getTime() + DAY) }) => {
      const { id } = await createCustomer(container);
      if (plan) await createSubscription(id, plan, window);
      return id;
    };
    const none = await reader(null);
    const basic = await reader(basicPlan);
    const premiumTrial = await reader(premiumPlan, { status: 'trial', startsAt: new Date(now.getTime() - DAY), endsAt: new Date(now.getTime() + DAY) });
    const expired = await reader(premiumPlan, { startsAt: new Date(now.getTime() - 2 * DAY), endsAt: new Date(now.getTime() - 1) });
    const revoked = await reader(premiumPlan, { status: 'revoked', startsAt: new Date(now.getTime() - DAY), endsAt: new Date(now.getTime() + DAY), revokedAt: new Date(now.getTime() - 1) });

    const verdicts = async (userId: string) =>
      [null, 'basic', 'premium'].map(async (tier) => (await access.decide(userId, tier as 'basic' | 'premium' | null, now)).full);
    expect(await Promise.all(await verdicts(none))).to.deep.equal([true, false, false]);
    expect(await Promise.all(await verdicts(basic))).to.deep.equal([true, true, false]);
    expect(await Promise.all(await verdicts(premiumTrial))).to.deep.equal([true, true, true]);
    expect(await Promise.all(await verdicts(expired))).to.deep.equal([true, false, false]);
    expect(await Promise.all(await verdicts(revoked))).to.deep.equal([true, false, false]);
    expect(await access.decide(basic, 'premium', now)).to.deep.equal({ full: false, requiredTier: 'premium' });
    // The same basic subscription, asked about an instant after it ends.
    expect((await access.decide(basic, 'basic', new Date(now.getTime() + 2 * DAY))).full).to.equal(false);

    // readers, the audience of a send, turns decide around: a tiered item's readers are exactly the
    // users decide lets read it; a free item's, every user holding a content tier (not every account).
    const ours = [none, basic, premiumTrial, expired, revoked];
    const readersOf = async (tier: 'basic' | 'premium' | null) => {
      const found: string[] = [];
      for (let after: string | null = null; ; ) {
        const page = await access.readers(tier, after, 50, now);
        found.push(...page.map((holder) => holder.userId).filter((id) => ours.includes(id)));
        if (page.length < 50) return found.sort();
        after = page[page.length - 1].userId;
      }
    };
    expect(await readersOf('basic')).to.deep.equal([basic, premiumTrial].sort());
    expect(await readersOf('premium')).to.deep.equal([premiumTrial]);
    expect(await readersOf(null)).to.deep.equal([basic, premiumTrial].sort());
  });
});
