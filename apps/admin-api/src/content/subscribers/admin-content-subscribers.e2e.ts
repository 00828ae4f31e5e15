import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { UserModel } from '@platform/db';
import {
  adminToken,
  AdminRoute,
  buildTestApp,
  createSubscription,
  createSubscriptionCatalog,
  describeAdminRouteAccess,
  TestApp,
  TestSubscriptionCatalog,
} from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const DAY = 86_400_000;
const PATH = '/api/admin/content-items/subscribers';
const ROUTES: AdminRoute[] = [['get', PATH, 'Content_READ']];

/**
 * Issue 24 "Admin"; CONTRACT section 10: GET /api/admin/content-items/subscribers?tier=all|basic|premium
 * lists the users whose entitlement satisfies the tier now (a trial or an admin grant counts; a
 * revoked, expired or future subscription does not), paginated, searchable by name or email.
 */
describe('Admin newsletter subscriber list (admin-api)', () => {
  let api: TestApp;
  let auth: string;
  let catalog: TestSubscriptionCatalog;
  let other: TestSubscriptionCatalog;

  const list = (query: Record<string, string | number>) => api.http.get(PATH).query(query).set('Authorization', auth);
  /** A user written straight to the table, named `name` with `tag` in the email so a search finds exactly this test's users. */
  const user = (tag: string, name: string) =>
    UserModel.create({ id: uuidv7(), email: `${name.toLowerCase().replace(/\W+/g, '.')}.${tag}@example.com`, passwordHash: 'unused', fullName: `${name} ${tag}` });
  const plan = (level: { plan: { id: string } }, of = catalog) => ({ planId: level.plan.id, moduleId: of.module.id });
  const since = (days: number) => new Date(Date.now() - days * DAY);
  const until = (days: number) => new Date(Date.now() + days * DAY);

  /** Users holding basic, premium (trial), both (premium wins), and holding nothing live: revoked, expired, future, none. */
  async function population() {
    const tag = randomBytes(4).toString('hex');
    const [basicEnd, trialEnd, bothPremiumEnd] = [until(20), until(6), until(10)];
    const basic = await user(tag, 'Asha Basic');
    await createSubscription(basic.id, plan(catalog.basic), { startsAt: since(10), endsAt: basicEnd });
    const trial = await user(tag, 'Bikash Trial');
    await createSubscription(trial.id, plan(catalog.premium), { status: 'trial', startsAt: since(1), endsAt: trialEnd });
    const both = await user(tag, 'Chandra Both');
    await createSubscription(both.id, plan(catalog.basic), { startsAt: since(5), endsAt: until(40) });
    await createSubscription(both.id, plan(other.premium, other), { startsAt: since(5), endsAt: bothPremiumEnd });
    const revoked = await user(tag, 'Dipa Revoked');
    await createSubscription(revoked.id, plan(catalog.premium), { status: 'revoked', startsAt: since(10), endsAt: until(20), revokedAt: since(1) });
    const expired = await user(tag, 'Eka Expired');
    await createSubscription(expired.id, plan(catalog.premium), { startsAt: since(40), endsAt: since(10) });
    const future = await user(tag, 'Gita Future');
    await createSubscription(future.id, plan(catalog.basic), { startsAt: until(1), endsAt: until(30) });
    await user(tag, 'Hari None');
    const row = (holder: UserModel, tier: string, validUntil: Date) => ({
      userId: holder.id,
      name: holder.fullName,
      email: holder.email,
      tier,
      validUntil: validUntil.toISOString(),
    });
    return {
      tag,
      basic: row(basic, 'basic', basicEnd),
      trial: row(trial, 'premium', trialEnd),
      // Premium through one subscription wins, valid until that one's end, not the later basic one's.
      both: row(both, 'premium', bothPremiumEnd),
    };
  }

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, ['Content_READ'])}`;
    catalog = await createSubscriptionCatalog();
    other = await createSubscriptionCatalog();
  });

  it('lists every holder for tier=all (the default), by name A to Z, and nobody without a live entitlement', async () => {
    const people = await population();
    const all = await list({ tier: 'all', search: people.tag }).expect(200);
    expect(all.body).to.deep.equal({ message: 'Success', data: [people.basic, people.trial, people.both], count: 3, page: 1, size: 20 });
    expect((await list({ search: people.tag }).expect(200)).body).to.deep.equal(all.body);
  });

  it('lists holders whose tier satisfies basic for tier=basic (basic and premium holders)', async () => {
    const people = await population();
    const res = await list({ tier: 'basic', search: people.tag }).expect(200);
    expect(res.body.data).to.deep.equal([people.basic, people.trial, people.both]);
  });

  it('lists premium holders only for tier=premium, a trial included', async () => {
    const people = await population();
    const res = await list({ tier: 'premium', search: people.tag }).expect(200);
    expect(res.body).to.deep.include({ data: [people.trial, people.both], count: 2 });
  });

  it('pages with a total: page and size, the count of every match on each page', async () => {
    const people = await population();
    const page = (n: number) => list({ search: people.tag, size: 2, page: n }).expect(200);
    expect((await page(1)).body).to.deep.include({ data: [people.basic, people.trial], count: 3, page: 1, size: 2 });
    expect((await page(2)).body).to.deep.include({ data: [people.both], count: 3, page: 2, size: 2 });
    expect((await page(3)).body).to.deep.include({ data: [], count: 3, page: 3, size: 2 });
    // A size above 100 is capped, not refused (CONTRACT section 5).
    expect((await list({ search: people.tag, size: 500 }).expect(200)).body.size).to.equal(100);
  });

  it('searches a part of the name or the email, in any case, with % and _ taken literally', async () => {
    const people = await population();
    expect((await list({ search: `chandra BOTH ${people.tag}` }).expect(200)).body.data).to.deep.equal([people.both]);
    expect((await list({ search: `asha.basic.${people.tag}@` }).expect(200)).body.data).to.deep.equal([people.basic]);
    expect((await list({ search: `Dipa Revoked ${people.tag}` }).expect(200)).body).to.deep.include({ data: [], count: 0 });
    expect((await list({ search: `%${people.tag}` }).expect(200)).body.count).to.equal(0);
  });

  it('sorts by email, tier or validUntil, either way, on request', async () => {
    const people = await population();
    const sorted = async (sort: string, order: string) =>
      (await list({ search: people.tag, sort, order }).expect(200)).body.data.map((row: { name: string }) => row.name.split(' ')[0]);
    expect(await sorted('name', 'desc')).to.deep.equal(['Chandra', 'Bikash', 'Asha']);
    expect(await sorted('email', 'asc')).to.deep.equal(['Asha', 'Bikash', 'Chandra']);
    expect(await sorted('validUntil', 'asc')).to.deep.equal(['Bikash', 'Chandra', 'Asha']);
    expect((await sorted('tier', 'desc'))[2]).to.equal('Asha');
  });

  it('refuses a bad tier, sort, order or page: 400 VALIDATION_ERROR', async () => {
    const queries: Array<Record<string, string | number>> = [{ tier: 'gold' }, { tier: '' }, { tier: 'free' }, { sort: 'password' }, { order: 'up' }, { page: 0 }, { size: 'x' }];
    for (const query of queries) {
      const res = await list(query).expect(400);
      expect(res.body.errorCode, JSON.stringify(query)).to.equal('VALIDATION_ERROR');
    }
  });

  it('is not taken for an item id by the item routes', async () => {
    await api.http.get(PATH).set('Authorization', `Bearer ${adminToken(api.app.container, ['Content_READ'])}`).expect(200);
    const res = await api.http.get('/api/admin/content-items/subscribers/1').set('Authorization', auth).expect(404);
    expect(res.body.errorCode).to.equal('NOT_FOUND');
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: ['Content_READ', 'Content_CREATE', 'Content_UPDATE', 'Content_DELETE'],
    soleHolder: { statuses: [200] },
  });
});
