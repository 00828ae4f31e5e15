import { expect } from 'chai';
import { Clock, fixedClock } from '@platform/domain';
import {
  adminToken,
  buildTestApp,
  createContentItem,
  createContentSeries,
  createCustomer,
  createSubscriptionCatalog,
  invalidTokenCases,
  refusedTokenCode,
  TestApp,
  TestCustomer,
  TestSubscriptionCatalog,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';
import { bearer, DAY, renameItem, subscribe } from './content-readers.test-helper';

/**
 * GET /api/content/items/:slug/full (community-content-uploads.md "Entitlement", "Newsletter
 * content"; issue 24): the tier an item needs (its rule, else its series') against the reader's
 * entitlement now, decided by ContentAccessService.
 */
describe('A newsletter item in full: tier entitlement now (customer-api)', () => {
  let api: TestApp;
  let catalog: TestSubscriptionCatalog;
  let reader: TestCustomer;
  // The app's clock runs with real time plus `offset`, so a test can step past a subscription's end.
  let offset = 0;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    api.app.container.set(Clock, fixedClock({ get now() { return new Date(Date.now() + offset); } }));
    catalog = await createSubscriptionCatalog();
  });

  beforeEach(async () => {
    offset = 0;
    reader = await createCustomer(api.app.container);
  });

  after(() => {
    offset = 0;
  });

  const full = (slug: string, token: string | undefined = reader.accessToken, prefix = '/api/content') => {
    const request = api.http.get(`${prefix}/items/${slug}/full`);
    return token ? request.set('Authorization', bearer(token)) : request;
  };
  const outcome = async (slug: string, token?: string) => {
    const res = await full(slug, token);
    return res.status === 200 ? 200 : `${res.status} ${res.body.errorCode}`;
  };
  const withTier = async (tier: 'basic' | 'premium', status: 'trial' | 'active' = 'active') => {
    const customer = await createCustomer(api.app.container);
    await subscribe(api, customer.id, catalog, tier, { status, startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + 30 * DAY) });
    return customer;
  };

  it('answers a free item in full to any signed-in customer, as the full view', async () => {
    const series = await createContentSeries();
    const item = await createContentItem(series);
    const res = await full(item.slug).expect(200);
    expect(res.body).to.deep.equal({
      message: 'Success',
      data: {
        id: item.id,
        slug: item.slug,
        contentType: 'newsletter',
        title: item.title,
        summary: item.summary,
        tier: null,
        series: { id: series.id, title: series.title, slug: series.slug },
        publishedAt: (item.publishedAt as Date).toISOString(),
        category: null,
        tags: [],
        body: item.body,
      },
    });
  });

  it('opens a basic item to a basic or premium entitlement and a premium item to premium only: 403 CONTENT_ACCESS_DENIED otherwise', async () => {
    const basicItem = await createContentItem(await createContentSeries({ tier: 'basic' }));
    const premiumItem = await createContentItem(await createContentSeries({ tier: 'premium' }));
    const [basic, premium] = [await withTier('basic'), await withTier('premium')];

    expect(await outcome(basicItem.slug)).to.equal('403 CONTENT_ACCESS_DENIED');
    expect(await outcome(premiumItem.slug)).to.equal('403 CONTENT_ACCESS_DENIED');
    expect(await outcome(basicItem.slug, basic.accessToken)).to.equal(200);
    expect(await outcome(premiumItem.slug, basic.accessToken)).to.equal('403 CONTENT_ACCESS_DENIED');
    expect(await outcome(basicItem.slug, premium.accessToken)).to.equal(200);
    expect(await outcome(premiumItem.slug, premium.accessToken)).to.equal(200);

    const res = await full(premiumItem.slug, premium.accessToken).expect(200);
    expect(res.body.data).to.include({ id: premiumItem.id, tier: 'premium', body: premiumItem.body });
    const denied = await full(premiumItem.slug, basic.accessToken).expect(403);
    expect(denied.body).to.deep.equal({ message: 'This item needs an active premium subscription', errorCode: 'CONTENT_ACCESS_DENIED' });
  });

  it("lets the item's rule win over its series' rule, either way", async () => {
    const looser = await createContentItem(await createContentSeries({ tier: 'premium' }), { tier: 'basic' });
    const stricter = await createContentItem(await createContentSeries({ tier: 'basic' }), { tier: 'premium' });
    const basic = await withTier('basic');
    expect(await outcome(looser.slug, basic.accessToken)).to.equal(200);
    expect((await full(looser.slug, basic.accessToken)).body.data.tier).to.equal('basic');
    expect(await outcome(stricter.slug, basic.accessToken)).to.equal('403 CONTENT_ACCESS_DENIED');
    expect(await outcome(stricter.slug, (await withTier('premium')).accessToken)).to.equal(200);
  });

  it('counts a trial and an admin grant', async () => {
    const item = await createContentItem(await createContentSeries({ tier: 'basic' }));
    expect(await outcome(item.slug, (await withTier('basic', 'trial')).accessToken)).to.equal(200);
    expect(await outcome(item.slug, (await withTier('premium', 'active')).accessToken)).to.equal(200);
  });

  it('does not count a revoked or an expired subscription', async () => {
    const item = await createContentItem(await createContentSeries({ tier: 'basic' }));
    const revoked = await createCustomer(api.app.container);
    await subscribe(api, revoked.id, catalog, 'premium', {
      status: 'revoked',
      startsAt: new Date(Date.now() - 10 * DAY),
      endsAt: new Date(Date.now() + 20 * DAY),
      revokedAt: new Date(Date.now() - DAY),
    });
    const expired = await createCustomer(api.app.container);
    await subscribe(api, expired.id, catalog, 'premium', { startsAt: new Date(Date.now() - 40 * DAY), endsAt: new Date(Date.now() - 10 * DAY) });
    expect(await outcome(item.slug, revoked.accessToken)).to.equal('403 CONTENT_ACCESS_DENIED');
    expect(await outcome(item.slug, expired.accessToken)).to.equal('403 CONTENT_ACCESS_DENIED');
  });

  it('decides at the app clock: open inside the window, closed before it starts and once it ends', async () => {
    const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
    await subscribe(api, reader.id, catalog, 'premium', { startsAt: new Date(Date.now() + DAY), endsAt: new Date(Date.now() + 3 * DAY) });
    expect(await outcome(item.slug)).to.equal('403 CONTENT_ACCESS_DENIED');
    offset = 2 * DAY;
    expect(await outcome(item.slug)).to.equal(200);
    offset = 3 * DAY + 60_000;
    expect(await outcome(item.slug)).to.equal('403 CONTENT_ACCESS_DENIED');
  });

  it("resolves a former slug, and keeps an archived series' item readable", async () => {
    const item = await createContentItem(await createContentSeries({ status: 'archived', tier: 'basic' }));
    const former = item.slug;
    await renameItem(api, item, `${former}-2`);
    const basic = await withTier('basic');
    for (const slug of [former, `${former}-2`]) {
      expect((await full(slug, basic.accessToken).expect(200)).body.data).to.include({ id: item.id, slug: `${former}-2`, body: item.body });
    }
    expect(await outcome(former)).to.equal('403 CONTENT_ACCESS_DENIED');
  });

  it('is 404 CONTENT_NOT_FOUND for a draft, scheduled or archived item and an unknown slug, entitled or not', async () => {
    const series = await createContentSeries();
    const premium = await withTier('premium');
    for (const status of ['draft', 'scheduled', 'archived'] as const) {
      const item = await createContentItem(series, { status });
      expect(await outcome(item.slug), status).to.equal('404 CONTENT_NOT_FOUND');
      expect(await outcome(item.slug, premium.accessToken), status).to.equal('404 CONTENT_NOT_FOUND');
    }
    expect(await outcome('no-such-item-anywhere')).to.equal('404 CONTENT_NOT_FOUND');
    expect(await outcome('Not_A_Slug')).to.equal('404 CONTENT_NOT_FOUND');
  });

  it('is 401 without a valid customer token and 403 FORBIDDEN with an admin token, before looking the item up', async () => {
    const item = await createContentItem(await createContentSeries());
    for (const prefix of ['/api/content', '/api/mobile/content']) {
      for (const slug of [item.slug, 'no-such-item-anywhere']) {
        for (const [label, header] of invalidTokenCases('customer', reader.id)) {
          const request = api.http.get(`${prefix}/items/${slug}/full`);
          if (header !== undefined) request.set('Authorization', header);
          const res = await request;
          expect(`${res.status} ${res.body.errorCode}`, `${prefix} ${label}`).to.equal(`401 ${refusedTokenCode(label)}`);
        }
        const admin = await full(slug, adminToken(api.app.container, ['*']), prefix);
        expect(`${admin.status} ${admin.body.errorCode}`).to.equal('403 FORBIDDEN');
      }
    }
  });

  it('is served under /api/mobile/content/items/:slug/full alike', async () => {
    const item = await createContentItem(await createContentSeries({ tier: 'basic' }));
    const basic = await withTier('basic');
    const web = await full(item.slug, basic.accessToken).expect(200);
    expect((await full(item.slug, basic.accessToken, '/api/mobile/content').expect(200)).body).to.deep.equal(web.body);
    expect((await full(item.slug, reader.accessToken, '/api/mobile/content').expect(403)).body.errorCode).to.equal('CONTENT_ACCESS_DENIED');
  });
});
