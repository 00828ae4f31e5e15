import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { createCustomer, createSubscription, createSubscriptionCatalog, testContainer, TestSubscriptionCatalog } from '@platform/testing';
import { ContentTier, ContentTierHolder, contentTiersSatisfying, EntitlementService } from './entitlements.service';

const DAY = 86_400_000;

/**
 * EntitlementService.contentTierHolders (issue 24: newsletter audiences, the admin subscriber
 * list) answers in SQL what EntitlementService.at answers per user: checked user by user over
 * trials, grants, revokes, expiry, future starts and a basic plus a premium window.
 */
describe(`${EntitlementService.name}.contentTierHolders`, () => {
  let container: ContainerInstance;
  let entitlements: EntitlementService;
  let catalog: TestSubscriptionCatalog;
  /** Another module: a user may hold one window per module at a time. */
  let otherCatalog: TestSubscriptionCatalog;
  const now = new Date();
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  before(async () => {
    container = await testContainer('content-tier-holders-spec');
    entitlements = container.get(EntitlementService);
    catalog = await createSubscriptionCatalog();
    otherCatalog = await createSubscriptionCatalog();
  });

  const plan = (level: 'basic' | 'premium', of = catalog) => ({ planId: of[level].plan.id, moduleId: of.module.id });

  /** Every holder (of other specs' users too), paged by 7 to cross page boundaries. */
  const allHolders = async (required: ContentTier | null): Promise<ContentTierHolder[]> => {
    const holders: ContentTierHolder[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await entitlements.contentTierHolders(required, after, 7, now);
      holders.push(...page);
      if (page.length < 7) return holders;
      after = page[page.length - 1].userId;
    }
  };

  it('names each user with the tier EntitlementService.at gives, the latest end of that tier, in user id order', async () => {
    const users: Record<string, string> = {};
    type Window = Parameters<typeof createSubscription>[2] & { level: 'basic' | 'premium'; other?: true };
    const make = async (name: string, windows: Window[]) => {
      users[name] = (await createCustomer(container)).id;
      for (const { level, other, ...window } of windows) await createSubscription(users[name], plan(level, other ? otherCatalog : catalog), window);
    };
    await make('none', []);
    await make('basic', [{ level: 'basic', startsAt: at(-1), endsAt: at(29) }]);
    await make('premiumTrial', [{ level: 'premium', status: 'trial', startsAt: at(-1), endsAt: at(6) }]);
    await make('both', [
      { level: 'basic', startsAt: at(-5), endsAt: at(60), other: true },
      { level: 'premium', startsAt: at(-5), endsAt: at(10) },
    ]);
    await make('revoked', [{ level: 'premium', status: 'revoked', startsAt: at(-5), endsAt: at(25), revokedAt: at(-1) }]);
    await make('expired', [{ level: 'premium', startsAt: at(-30), endsAt: at(-1) }]);
    await make('future', [{ level: 'basic', startsAt: at(1), endsAt: at(30) }]);
    await make('endsNow', [{ level: 'basic', startsAt: at(-30), endsAt: now }]);

    const everyone = await allHolders(null);
    const ids = everyone.map((holder) => holder.userId);
    expect(ids).to.deep.equal([...ids].sort());
    const mine = new Map(everyone.filter((holder) => Object.values(users).includes(holder.userId)).map((holder) => [holder.userId, holder]));
    for (const [name, userId] of Object.entries(users)) {
      const expected = (await entitlements.at(userId, now)).contentTier;
      expect(mine.get(userId)?.tier ?? null, name).to.equal(expected);
    }
    expect(mine.get(users.both)).to.deep.include({ tier: 'premium', validUntil: at(10), name: 'Test Customer' });
    expect(mine.get(users.basic)?.validUntil).to.deep.equal(at(29));

    const premium = (await allHolders('premium')).map((holder) => holder.userId);
    const basic = (await allHolders('basic')).map((holder) => holder.userId);
    expect(premium).to.include.members([users.premiumTrial, users.both]).and.not.include(users.basic);
    expect(basic).to.include.members([users.basic, users.premiumTrial, users.both]);
  });

  it('turns the tier rule around: free is read by every holder, basic by basic and premium, premium by premium', () => {
    expect(contentTiersSatisfying(null)).to.deep.equal(['basic', 'premium']);
    expect(contentTiersSatisfying('basic')).to.deep.equal(['basic', 'premium']);
    expect(contentTiersSatisfying('premium')).to.deep.equal(['premium']);
  });
});
