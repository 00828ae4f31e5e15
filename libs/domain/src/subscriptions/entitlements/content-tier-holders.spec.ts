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

  it('pages through more holders than a page: every page is full until the last, premium pages passing over the basic holders between', async function () {
    this.timeout(60_000);
    type Window = Parameters<typeof createSubscription>[2] & { level: 'basic' | 'premium'; other?: true };
    const kinds: Record<string, Window[]> = {
      basic: [{ level: 'basic', startsAt: at(-1), endsAt: at(29) }],
      premium: [{ level: 'premium', startsAt: at(-1), endsAt: at(15) }],
      basicAndPremium: [
        { level: 'basic', startsAt: at(-5), endsAt: at(60), other: true },
        { level: 'premium', status: 'trial', startsAt: at(-1), endsAt: at(6) },
      ],
      premiumEndedBasicLive: [
        { level: 'premium', startsAt: at(-30), endsAt: at(-2) },
        { level: 'basic', startsAt: at(-5), endsAt: at(40), other: true },
      ],
      premiumRevokedBasicLive: [
        { level: 'premium', status: 'revoked', startsAt: at(-5), endsAt: at(25), revokedAt: at(-1) },
        { level: 'basic', startsAt: at(-5), endsAt: at(40), other: true },
      ],
      premiumLaterBasicLive: [
        { level: 'basic', startsAt: at(-5), endsAt: at(2) },
        { level: 'premium', startsAt: at(2), endsAt: at(30) },
      ],
      nothingLive: [{ level: 'premium', startsAt: at(-30), endsAt: at(-1) }],
    };
    const userIds: string[] = [];
    for (let round = 0; round < 2; round += 1) {
      for (const windows of Object.values(kinds)) {
        const userId = (await createCustomer(container)).id;
        userIds.push(userId);
        for (const { level, other, ...window } of windows) await createSubscription(userId, plan(level, other ? otherCatalog : catalog), window);
      }
    }
    const expected = new Map<string, ContentTier | null>();
    for (const userId of userIds) expected.set(userId, (await entitlements.at(userId, now)).contentTier);

    for (const required of [null, 'basic', 'premium'] as const) {
      const pageSize = 3;
      const pages: ContentTierHolder[][] = [];
      for (let after: string | null = null; ; ) {
        const page = await entitlements.contentTierHolders(required, after, pageSize, now);
        pages.push(page);
        if (page.length < pageSize) break;
        after = page[page.length - 1].userId;
      }
      expect(pages.slice(0, -1).every((page) => page.length === pageSize), `${required}: full pages`).to.equal(true);
      const ids = pages.flat().map((holder) => holder.userId);
      expect(ids, `${required}: in user id order, each once`).to.deep.equal([...new Set(ids)].sort());
      const readers = contentTiersSatisfying(required);
      const mine = pages.flat().filter((holder) => expected.has(holder.userId));
      expect(new Map(mine.map((holder) => [holder.userId, holder.tier])), String(required)).to.deep.equal(
        new Map(userIds.filter((id) => readers.includes(expected.get(id) as ContentTier)).map((id) => [id, expected.get(id)])),
      );
    }
    expect(userIds.filter((id) => expected.get(id) === 'premium')).to.have.length(4);
  });

  it('turns the tier rule around: free is read by every holder, basic by basic and premium, premium by premium', () => {
    expect(contentTiersSatisfying(null)).to.deep.equal(['basic', 'premium']);
    expect(contentTiersSatisfying('basic')).to.deep.equal(['basic', 'premium']);
    expect(contentTiersSatisfying('premium')).to.deep.equal(['premium']);
  });
});
