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
  TestSubscriptionCatalog,
} from '@platform/testing';
import type { ContentItemModel } from '@platform/db';
import { createCustomerApi } from '../customer-api';
import { bearer, DAY, hoursAgo, subscribe, uniqueWord } from './content-readers.test-helper';

const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((row) => row.id);

/**
 * GET /api/content/my-library (community-content-uploads.md "Newsletter content", "Entitlement";
 * issue 24): the published items the caller can read in full now, by the rule of /full.
 */
describe("The reader's newsletter library (customer-api)", () => {
  let api: TestApp;
  let catalog: TestSubscriptionCatalog;
  let offset = 0;
  // One word in every title of a test, so the library (all the free items of the run, too) is read for that test's items only.
  let word: string;
  let items: Record<'free' | 'basic' | 'premium' | 'basicInPremium' | 'archivedSeries', ContentItemModel>;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    api.app.container.set(Clock, fixedClock({ get now() { return new Date(Date.now() + offset); } }));
    catalog = await createSubscriptionCatalog();
  });

  beforeEach(async () => {
    offset = 0;
    word = uniqueWord('lib');
    const title = (name: string) => ({ title: `${name} ${word}` });
    const basicSeries = await createContentSeries({ tier: 'basic' });
    const premiumSeries = await createContentSeries({ tier: 'premium' });
    items = {
      free: await createContentItem(await createContentSeries(), { ...title('Free'), publishedAt: hoursAgo(1) }),
      basic: await createContentItem(basicSeries, { ...title('Basic'), publishedAt: hoursAgo(2) }),
      premium: await createContentItem(basicSeries, { ...title('Premium'), tier: 'premium', publishedAt: hoursAgo(3) }),
      basicInPremium: await createContentItem(premiumSeries, { ...title('Looser'), tier: 'basic', publishedAt: hoursAgo(4) }),
      archivedSeries: await createContentItem(await createContentSeries({ status: 'archived', tier: 'basic' }), { ...title('Old'), publishedAt: hoursAgo(5) }),
    };
    for (const status of ['draft', 'scheduled', 'archived'] as const) await createContentItem(basicSeries, { ...title(status), status });
  });

  after(() => {
    offset = 0;
  });

  const library = (token: string, query: Record<string, unknown> = {}, prefix = '/api/content') =>
    api.http.get(`${prefix}/my-library`).query({ search: word, ...query }).set('Authorization', bearer(token));
  const reader = async (tier?: 'basic' | 'premium', status: 'trial' | 'active' = 'active') => {
    const customer = await createCustomer(api.app.container);
    if (tier) await subscribe(api, customer.id, catalog, tier, { status, startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + 30 * DAY) });
    return customer;
  };

  it('holds only the free items for a reader without an entitlement', async () => {
    const res = await library((await reader()).accessToken).expect(200);
    expect(res.body).to.include({ message: 'Success', count: 1, page: 1, size: 20 });
    expect(ids(res)).to.deep.equal([items.free.id]);
  });

  it('holds the free and basic items (the item rule over the series rule) for a basic reader, in full, newest first', async () => {
    const res = await library((await reader('basic')).accessToken).expect(200);
    expect(res.body.count).to.equal(4);
    expect(ids(res)).to.deep.equal([items.free.id, items.basic.id, items.basicInPremium.id, items.archivedSeries.id]);
    const [, basic] = res.body.data;
    expect(basic).to.deep.equal({
      id: items.basic.id,
      slug: items.basic.slug,
      contentType: 'newsletter',
      title: items.basic.title,
      summary: items.basic.summary,
      tier: 'basic',
      series: basic.series,
      publishedAt: (items.basic.publishedAt as Date).toISOString(),
      category: null,
      tags: [],
      body: items.basic.body,
    });
    expect(basic.series).to.have.keys('id', 'title', 'slug');
    expect(basic.series.id).to.equal(items.basic.seriesId);
  });

  it('holds every published item for a premium reader, and counts a trial as the /full route does', async () => {
    const every = [items.free, items.basic, items.premium, items.basicInPremium, items.archivedSeries].map((item) => item.id);
    expect(ids(await library((await reader('premium')).accessToken).expect(200))).to.deep.equal(every);
    const trial = await reader('basic', 'trial');
    expect(ids(await library(trial.accessToken).expect(200))).to.deep.equal([items.free.id, items.basic.id, items.basicInPremium.id, items.archivedSeries.id]);
  });

  it('holds exactly the items /full answers to the reader', async () => {
    const basic = await reader('basic');
    const listed = ids(await library(basic.accessToken, { pagination: false }).expect(200));
    for (const item of Object.values(items)) {
      const res = await api.http.get(`/api/content/items/${item.slug}/full`).set('Authorization', bearer(basic.accessToken));
      expect(res.status === 200, item.title).to.equal(listed.includes(item.id));
    }
  });

  it('follows the entitlement at the app clock: a revoked one gives nothing, an ended one gives the free items again', async () => {
    const revoked = await createCustomer(api.app.container);
    await subscribe(api, revoked.id, catalog, 'premium', {
      status: 'revoked',
      startsAt: new Date(Date.now() - 2 * DAY),
      endsAt: new Date(Date.now() + 20 * DAY),
      revokedAt: new Date(Date.now() - DAY),
    });
    expect(ids(await library(revoked.accessToken).expect(200))).to.deep.equal([items.free.id]);

    const ending = await createCustomer(api.app.container);
    await subscribe(api, ending.id, catalog, 'premium', { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + DAY) });
    expect((await library(ending.accessToken).expect(200)).body.count).to.equal(5);
    offset = DAY + 60_000;
    expect(ids(await library(ending.accessToken).expect(200))).to.deep.equal([items.free.id]);
  });

  it('pages with page and size (the count is of the whole library), and orders by the page query', async () => {
    const premium = await reader('premium');
    const page2 = await library(premium.accessToken, { page: 2, size: 2 }).expect(200);
    expect(page2.body).to.include({ count: 5, page: 2, size: 2 });
    expect(ids(page2)).to.deep.equal([items.premium.id, items.basicInPremium.id]);
    expect(ids(await library(premium.accessToken, { order: 'asc', size: 1 }).expect(200))).to.deep.equal([items.archivedSeries.id]);
    for (const query of [{ page: 0 }, { size: 'x' }, { sort: 'tier' }]) {
      const res = await library(premium.accessToken, query);
      expect(`${res.status} ${res.body.errorCode}`, JSON.stringify(query)).to.equal('400 VALIDATION_ERROR');
    }
  });

  it('is 401 without a valid customer token and 403 FORBIDDEN with an admin token', async () => {
    const customer = await reader();
    for (const prefix of ['/api/content', '/api/mobile/content']) {
      for (const [label, header] of invalidTokenCases('customer', customer.id)) {
        const request = api.http.get(`${prefix}/my-library`);
        if (header !== undefined) request.set('Authorization', header);
        const res = await request;
        expect(`${res.status} ${res.body.errorCode}`, `${prefix} ${label}`).to.equal(`401 ${refusedTokenCode(label)}`);
      }
      const admin = await api.http.get(`${prefix}/my-library`).set('Authorization', bearer(adminToken(api.app.container, ['*'])));
      expect(`${admin.status} ${admin.body.errorCode}`).to.equal('403 FORBIDDEN');
    }
  });

  it('is served under /api/mobile/content/my-library alike', async () => {
    const basic = await reader('basic');
    const web = await library(basic.accessToken).expect(200);
    expect((await library(basic.accessToken, {}, '/api/mobile/content').expect(200)).body).to.deep.equal(web.body);
  });
});
