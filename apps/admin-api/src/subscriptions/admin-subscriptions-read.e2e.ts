import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { SubscriptionModel, UserModel } from '@platform/db';
import { Clock, fixedClock } from '@platform/domain';
import {
  adminToken,
  buildTestApp,
  createCustomer,
  createSubscription,
  createSubscriptionCatalog,
  invalidTokenCases, refusedTokenCode,
  TestApp,
  TestSubscriptionCatalog,
} from '@platform/testing';
import { createAdminApi } from '../admin-api';

const BASE = '/api/admin/subscriptions';
const at = (iso: string) => new Date(iso);

interface Subscriber {
  id: string;
  email: string;
  fullName: string;
  tag: string;
  accessToken: string;
}

/**
 * learning-commerce.md, "Subscriptions (admin)": GET /api/admin/subscriptions, /:id and /analytics.
 * Other files write subscriptions into the same database, so every list test narrows to a fresh
 * module or user, and "now" is the app's Clock.
 */
describe('Admin subscription reads (admin-api)', () => {
  let api: TestApp;
  const clock = { now: new Date() };
  let bearer: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    api.app.container.set(Clock, fixedClock(clock));
    bearer = `Bearer ${adminToken(api.app.container, ['Subscriptions_READ'])}`;
  });

  beforeEach(() => {
    clock.now = new Date();
  });

  const list = (query: string) => api.http.get(`${BASE}${query}`).set('Authorization', bearer);
  const idsOf = async (query: string) => (await list(query).expect(200)).body.data.map((row: { id: string }) => row.id);

  const subscriber = async (name = 'Maya'): Promise<Subscriber> => {
    const tag = randomBytes(4).toString('hex');
    const customer = await createCustomer(api.app.container, { email: `subscriber.${tag}@example.com` });
    const fullName = `${name} Zq${tag} Gurung`;
    await UserModel.update({ fullName }, { where: { id: customer.id } });
    return { id: customer.id, email: customer.email, fullName, tag, accessToken: customer.accessToken };
  };
  const plan = (catalog: TestSubscriptionCatalog, level: 'basic' | 'premium' = 'basic') => ({
    planId: catalog[level].plan.id,
    moduleId: catalog.module.id,
  });
  /** A row written directly, for the sources and statuses createSubscription does not make. */
  const row = (userId: string, p: { planId: string; moduleId: string }, fields: Partial<SubscriptionModel>) =>
    SubscriptionModel.create({ id: uuidv7(), userId, ...p, source: 'purchase', ...fields });

  describe('GET /api/admin/subscriptions', () => {
    it("shows each subscription with its computed status and the subscriber's email and full name", async () => {
      const catalog = await createSubscriptionCatalog();
      const user = await subscriber();
      clock.now = at('2030-05-15T00:00:00Z');
      const sub = await createSubscription(user.id, plan(catalog, 'premium'), { startsAt: at('2030-05-01T00:00:00Z'), endsAt: at('2030-06-01T00:00:00Z') });
      const res = await list(`?userId=${user.id}`).expect(200);
      expect(res.body).to.include({ count: 1, page: 1, size: 20 });
      expect(res.body.data).to.have.length(1);
      expect(res.body.data[0]).to.deep.include({
        id: sub.id,
        userId: user.id,
        status: 'active',
        source: 'admin_grant',
        isActive: true,
        startDate: '2030-05-01T00:00:00.000Z',
        endDate: '2030-06-01T00:00:00.000Z',
        revokedAt: null,
        valueNpr: 0,
        module: { id: catalog.module.id, name: catalog.module.name, slug: catalog.module.slug },
        plan: { id: catalog.premium.plan.id, name: catalog.premium.plan.name, tierId: catalog.premium.tier.id, tierName: 'Premium', tierSlug: 'premium' },
        user: { id: user.id, email: user.email, fullName: user.fullName },
      });
    });

    it('filters by userId, moduleId, planId and source', async () => {
      const [one, two] = [await createSubscriptionCatalog(), await createSubscriptionCatalog()];
      const [a, b] = [await subscriber(), await subscriber()];
      const window = { startsAt: at('2030-01-01T00:00:00Z'), endsAt: at('2030-02-01T00:00:00Z') };
      const aBasic = await createSubscription(a.id, plan(one), window);
      const aTrial = await createSubscription(a.id, plan(two), { ...window, status: 'trial' });
      const bPremium = await createSubscription(b.id, plan(one, 'premium'), window);
      const bPending = await row(b.id, plan(two, 'premium'), { status: 'pending_payment', valueNpr: '1499.00' });

      expect(await idsOf(`?userId=${a.id}&sort=createdAt&order=asc`)).to.deep.equal([aBasic.id, aTrial.id]);
      expect(await idsOf(`?moduleId=${one.module.id}&order=asc`)).to.deep.equal([aBasic.id, bPremium.id]);
      expect(await idsOf(`?planId=${two.premium.plan.id}`)).to.deep.equal([bPending.id]);
      expect(await idsOf(`?moduleId=${two.module.id}&source=trial`)).to.deep.equal([aTrial.id]);
      expect(await idsOf(`?moduleId=${two.module.id}&source=purchase`)).to.deep.equal([bPending.id]);
      expect(await idsOf(`?userId=${b.id}&moduleId=${one.module.id}&source=admin_grant`)).to.deep.equal([bPremium.id]);
      expect(await idsOf(`?userId=${b.id}&planId=${one.basic.plan.id}`)).to.deep.equal([]);
    });

    it('filters by the effective status at the current instant, computed ones included', async () => {
      const catalog = await createSubscriptionCatalog();
      const users = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => subscriber()));
      const [u1, u2, u3, u4, u5, u6, u7] = users;
      clock.now = at('2031-03-15T00:00:00Z');
      const expected = {
        trial: await createSubscription(u1.id, plan(catalog), { status: 'trial', startsAt: at('2031-03-10T00:00:00Z'), endsAt: at('2031-03-17T00:00:00Z') }),
        active: await createSubscription(u2.id, plan(catalog), { startsAt: at('2031-03-01T00:00:00Z'), endsAt: at('2031-04-01T00:00:00Z') }),
        scheduled: await createSubscription(u3.id, plan(catalog), { startsAt: at('2031-04-01T00:00:00Z'), endsAt: at('2031-05-01T00:00:00Z') }),
        expired: await createSubscription(u4.id, plan(catalog), { status: 'trial', startsAt: at('2031-03-01T00:00:00Z'), endsAt: at('2031-03-08T00:00:00Z') }),
        revoked: await createSubscription(u5.id, plan(catalog), { status: 'revoked', startsAt: at('2031-03-01T00:00:00Z'), endsAt: at('2031-04-01T00:00:00Z') }),
        pending_payment: await row(u6.id, plan(catalog), { status: 'pending_payment' }),
        payment_failed: await row(u7.id, plan(catalog), { status: 'payment_failed' }),
      };
      for (const [status, sub] of Object.entries(expected)) {
        const res = await list(`?moduleId=${catalog.module.id}&status=${status}`).expect(200);
        expect(res.body.data.map((r: { id: string; status: string }) => [r.id, r.status]), status).to.deep.equal([[sub.id, status]]);
      }
      // The same rows an instant later: the trial has expired and the scheduled one is active.
      clock.now = at('2031-04-01T00:00:00Z');
      expect(await idsOf(`?moduleId=${catalog.module.id}&status=trial`)).to.deep.equal([]);
      expect(await idsOf(`?moduleId=${catalog.module.id}&status=active`)).to.deep.equal([expected.scheduled.id]);
      expect(await idsOf(`?moduleId=${catalog.module.id}&status=expired&sort=createdAt&order=asc`)).to.deep.equal([
        expected.trial.id,
        expected.active.id,
        expected.expired.id,
      ]);
    });

    it('sorts by createdAt, startDate or endDate in either order (rows without a window last), and pages', async () => {
      const catalog = await createSubscriptionCatalog();
      const users = await Promise.all([1, 2, 3, 4].map(() => subscriber()));
      const early = await createSubscription(users[0].id, plan(catalog), { startsAt: at('2030-01-10T00:00:00Z'), endsAt: at('2030-03-01T00:00:00Z') });
      const late = await createSubscription(users[1].id, plan(catalog), { startsAt: at('2030-01-20T00:00:00Z'), endsAt: at('2030-02-01T00:00:00Z') });
      const middle = await createSubscription(users[2].id, plan(catalog), { startsAt: at('2030-01-15T00:00:00Z'), endsAt: at('2030-02-15T00:00:00Z') });
      const pending = await row(users[3].id, plan(catalog), { status: 'pending_payment' });
      const q = `?moduleId=${catalog.module.id}`;

      expect(await idsOf(q)).to.deep.equal([pending.id, middle.id, late.id, early.id]);
      expect(await idsOf(`${q}&sort=createdAt&order=asc`)).to.deep.equal([early.id, late.id, middle.id, pending.id]);
      expect(await idsOf(`${q}&sort=startDate&order=asc`)).to.deep.equal([early.id, middle.id, late.id, pending.id]);
      expect(await idsOf(`${q}&sort=startDate`)).to.deep.equal([late.id, middle.id, early.id, pending.id]);
      expect(await idsOf(`${q}&sort=endDate&order=asc`)).to.deep.equal([late.id, middle.id, early.id, pending.id]);
      expect(await idsOf(`${q}&sort=endDate&order=desc`)).to.deep.equal([early.id, middle.id, late.id, pending.id]);

      const page2 = await list(`${q}&sort=startDate&order=asc&page=2&size=3`).expect(200);
      expect(page2.body).to.include({ count: 4, page: 2, size: 3 });
      expect(page2.body.data.map((r: { id: string }) => r.id)).to.deep.equal([pending.id]);
      const capped = await list(`${q}&size=500`).expect(200);
      expect(capped.body).to.include({ count: 4, page: 1, size: 100 });
      const all = await list(`${q}&pagination=false&size=1`).expect(200);
      expect(all.body).to.include({ count: 4, page: 1, size: 4 });
    });

    it("searches the subscriber's email or full name, in any case, with % and _ taken literally", async () => {
      const catalog = await createSubscriptionCatalog();
      const user = await subscriber('Hari');
      const other = await subscriber('Gita');
      const window = { startsAt: at('2030-01-01T00:00:00Z'), endsAt: at('2030-02-01T00:00:00Z') };
      const sub = await createSubscription(user.id, plan(catalog), window);
      await createSubscription(other.id, plan(catalog), window);

      expect(await idsOf(`?search=${encodeURIComponent(`HARI ZQ${user.tag.toUpperCase()}`)}`)).to.deep.equal([sub.id]);
      expect(await idsOf(`?search=${encodeURIComponent(`Subscriber.${user.tag.toUpperCase()}@Example`)}`)).to.deep.equal([sub.id]);
      expect(await idsOf(`?search=${encodeURIComponent(`  zq${user.tag} `)}&moduleId=${catalog.module.id}`)).to.deep.equal([sub.id]);
      expect(await idsOf(`?search=${encodeURIComponent(`zq${user.tag.slice(0, 3)}_`)}`)).to.deep.equal([]);
      expect(await idsOf(`?search=${encodeURIComponent(`zq%${user.tag}`)}`)).to.deep.equal([]);
      expect(await idsOf(`?search=%20%20&moduleId=${catalog.module.id}&order=asc`)).to.deep.equal(
        await idsOf(`?moduleId=${catalog.module.id}&order=asc`),
      );
    });

    for (const query of ['status=live', 'status=', 'userId=nope', 'moduleId=123', 'planId=x', 'source=gift', 'sort=updatedAt', 'order=up', 'page=0', 'size=0', 'pagination=maybe', `search=a%00b`]) {
      it(`answers 400 VALIDATION_ERROR for ${query}`, async () => {
        const res = await list(`?${query}`).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }
  });

  describe('GET /api/admin/subscriptions/:id', () => {
    it('returns the detail with its user', async () => {
      const catalog = await createSubscriptionCatalog();
      const user = await subscriber();
      const sub = await createSubscription(user.id, plan(catalog), { startsAt: at('2030-01-01T00:00:00Z'), endsAt: at('2030-02-01T00:00:00Z') });
      clock.now = at('2030-03-01T00:00:00Z');
      const { data } = (await api.http.get(`${BASE}/${sub.id}`).set('Authorization', bearer).expect(200)).body;
      expect(data).to.include({ id: sub.id, userId: user.id, status: 'expired', isActive: false, grantedByAdminId: 'test-admin', revokedByAdminId: null });
      expect(data.user).to.deep.equal({ id: user.id, email: user.email, fullName: user.fullName });
      expect(data.tier).to.deep.equal({ id: catalog.basic.tier.id, name: 'Basic', slug: 'basic', parentTierId: null });
      expect(data.features.map((f: { featureKey: string }) => f.featureKey)).to.deep.equal([catalog.basicKey]);
    });

    it('answers 404 SUBSCRIPTION_NOT_FOUND for an unknown or malformed id', async () => {
      for (const id of [randomUUID(), 'nope']) {
        const res = await api.http.get(`${BASE}/${id}`).set('Authorization', bearer).expect(404);
        expect(res.body).to.deep.equal({ message: 'Subscription not found', errorCode: 'SUBSCRIPTION_NOT_FOUND' });
      }
    });
  });

  describe('GET /api/admin/subscriptions/analytics', () => {
    const analytics = async (moduleId: string) =>
      (await api.http.get(`${BASE}/analytics?moduleId=${moduleId}`).set('Authorization', bearer).expect(200)).body.data;
    const statuses = (counts: Partial<Record<string, number>>) => ({
      pending_payment: 0,
      scheduled: 0,
      trial: 0,
      active: 0,
      expired: 0,
      revoked: 0,
      payment_failed: 0,
      ...counts,
    });

    it('counts statuses now, trials and their conversions, grants and purchase revenue per plan, module and in total', async () => {
      const catalog = await createSubscriptionCatalog();
      const [u1, u2, u3, u4, u5, u6, u7, u9] = await Promise.all([1, 2, 3, 4, 5, 6, 7, 9].map(() => subscriber()));
      const B = plan(catalog);
      const P = plan(catalog, 'premium');
      clock.now = at('2033-06-15T00:00:00Z');
      const window = (from: string, to: string) => ({ startsAt: at(`2033-${from}T00:00:00Z`), endsAt: at(`2033-${to}T00:00:00Z`) });
      // u1: an expired trial, then (24 days after it ended) a purchase of the premium plan: converted.
      await createSubscription(u1.id, B, { status: 'trial', ...window('01-01', '01-08') });
      await row(u1.id, P, { status: 'active', ...window('02-01', '03-01'), valueNpr: '1499.00' });
      // u2: a trial still running, nothing else.
      await createSubscription(u2.id, B, { status: 'trial', ...window('06-10', '06-17') });
      // u3: a trial converted by an admin grant (converted_from_id), live now.
      const trial3 = await createSubscription(u3.id, B, { status: 'trial', ...window('05-01', '05-08') });
      await row(u3.id, B, { status: 'active', source: 'admin_grant', grantedByAdminId: 'a', convertedFromId: trial3.id, ...window('05-08', '07-08'), valueNpr: '999.00' });
      // u4: a premium grant revoked since.
      await row(u4.id, P, { status: 'revoked', source: 'admin_grant', grantedByAdminId: 'a', revokedAt: at('2033-02-10T00:00:00Z'), ...window('02-01', '03-01'), valueNpr: '1499.00' });
      // u5: a purchase awaiting payment; u6: a failed one (neither earns anything).
      await row(u5.id, B, { status: 'pending_payment', valueNpr: '999.00' });
      await row(u6.id, P, { status: 'payment_failed', valueNpr: '1499.00' });
      // u7: a purchase paid for, starting later (scheduled).
      await row(u7.id, B, { status: 'active', ...window('07-01', '08-01'), valueNpr: '999.00' });
      // u9: a grant before the trial: the trial is not converted.
      await row(u9.id, B, { status: 'active', source: 'admin_grant', grantedByAdminId: 'a', ...window('01-01', '02-01'), valueNpr: '500.00' });
      await createSubscription(u9.id, B, { status: 'trial', ...window('03-01', '03-08') });

      const data = await analytics(catalog.module.id);
      const basicMetrics = {
        subscriptions: 8,
        byStatus: statuses({ expired: 4, trial: 1, active: 1, scheduled: 1, pending_payment: 1 }),
        trialsStarted: 4,
        trialsConverted: 2,
        conversionRate: 0.5,
        grants: 2,
        grantRevenueEquivalentNpr: 1499,
        revokedGrantValueNpr: 0,
        purchaseRevenueNpr: 999,
      };
      const premiumMetrics = {
        subscriptions: 3,
        byStatus: statuses({ expired: 1, revoked: 1, payment_failed: 1 }),
        trialsStarted: 0,
        trialsConverted: 0,
        conversionRate: 0,
        grants: 1,
        grantRevenueEquivalentNpr: 1499,
        revokedGrantValueNpr: 1499,
        purchaseRevenueNpr: 1499,
      };
      const moduleMetrics = {
        subscriptions: 11,
        byStatus: statuses({ expired: 5, trial: 1, active: 1, scheduled: 1, pending_payment: 1, revoked: 1, payment_failed: 1 }),
        trialsStarted: 4,
        trialsConverted: 2,
        conversionRate: 0.5,
        grants: 3,
        grantRevenueEquivalentNpr: 2998,
        revokedGrantValueNpr: 1499,
        purchaseRevenueNpr: 2498,
      };
      expect(data).to.deep.equal({
        asOf: '2033-06-15T00:00:00.000Z',
        moduleId: catalog.module.id,
        totals: moduleMetrics,
        modules: [
          {
            id: catalog.module.id,
            name: catalog.module.name,
            slug: catalog.module.slug,
            metrics: moduleMetrics,
            plans: [
              { id: catalog.basic.plan.id, name: catalog.basic.plan.name, tierId: catalog.basic.tier.id, tierName: 'Basic', tierSlug: 'basic', metrics: basicMetrics },
              { id: catalog.premium.plan.id, name: catalog.premium.plan.name, tierId: catalog.premium.tier.id, tierName: 'Premium', tierSlug: 'premium', metrics: premiumMetrics },
            ],
          },
        ],
      });
    });

    it('shows zeros for a module without subscriptions and rounds the conversion rate to 4 decimals', async () => {
      const empty = await createSubscriptionCatalog();
      const data = await analytics(empty.module.id);
      expect(data.totals).to.include({ subscriptions: 0, trialsStarted: 0, conversionRate: 0, purchaseRevenueNpr: 0 });
      expect(data.modules[0].plans).to.have.length(2);

      const catalog = await createSubscriptionCatalog();
      const users = await Promise.all([1, 2, 3].map(() => subscriber()));
      for (const user of users) {
        await createSubscription(user.id, plan(catalog), { status: 'trial', startsAt: at('2030-01-01T00:00:00Z'), endsAt: at('2030-01-08T00:00:00Z') });
      }
      await createSubscription(users[0].id, plan(catalog), { startsAt: at('2030-02-01T00:00:00Z'), endsAt: at('2030-03-01T00:00:00Z') });
      expect((await analytics(catalog.module.id)).totals).to.include({ trialsStarted: 3, trialsConverted: 1, conversionRate: 0.3333 });
    });

    it('counts a conversion only within 30 days after the trial ended, and never by a revoked grant', async () => {
      const catalog = await createSubscriptionCatalog();
      const B = plan(catalog);
      const [onTime, late, revokedGrant, revokedPurchase] = await Promise.all([1, 2, 3, 4].map(() => subscriber()));
      clock.now = at('2034-12-31T00:00:00Z');
      const trialIn = (userId: string) => createSubscription(userId, B, { status: 'trial', startsAt: at('2034-01-01T00:00:00Z'), endsAt: at('2034-01-08T00:00:00Z') });
      const after = (userId: string, startsAt: string, extra: Partial<SubscriptionModel> = {}) =>
        row(userId, B, { status: 'active', startsAt: at(startsAt), endsAt: at('2034-03-01T00:00:00Z'), valueNpr: '999.00', ...extra });
      await Promise.all([onTime, late, revokedGrant, revokedPurchase].map((user) => trialIn(user.id)));
      await after(onTime.id, '2034-02-07T00:00:00Z'); // the 30th day after the trial ended
      await after(late.id, '2034-02-07T00:00:01Z'); // one second too late
      await after(revokedGrant.id, '2034-01-08T00:00:00Z', { status: 'revoked', source: 'admin_grant', grantedByAdminId: 'a', revokedAt: at('2034-01-09T00:00:00Z') });
      await after(revokedPurchase.id, '2034-01-08T00:00:00Z', { status: 'revoked', revokedAt: at('2034-01-09T00:00:00Z') });

      // onTime and revokedPurchase (it was paid for) converted; late and revokedGrant did not.
      expect((await analytics(catalog.module.id)).totals).to.include({ trialsStarted: 4, trialsConverted: 2, conversionRate: 0.5 });
    });

    it('answers 404 SUBSCRIPTION_MODULE_NOT_FOUND for an unknown module and 400 for a malformed one; all modules without one', async () => {
      const res = await api.http.get(`${BASE}/analytics?moduleId=${randomUUID()}`).set('Authorization', bearer).expect(404);
      expect(res.body.errorCode).to.equal('SUBSCRIPTION_MODULE_NOT_FOUND');
      const bad = await api.http.get(`${BASE}/analytics?moduleId=abc`).set('Authorization', bearer).expect(400);
      expect(bad.body.errorCode).to.equal('VALIDATION_ERROR');
      const catalog = await createSubscriptionCatalog();
      const all = (await api.http.get(`${BASE}/analytics`).set('Authorization', bearer).expect(200)).body.data;
      expect(all.moduleId).to.equal(null);
      expect(all.modules.map((m: { id: string }) => m.id)).to.include(catalog.module.id);
      const sum = all.modules.reduce((total: number, m: { metrics: { subscriptions: number } }) => total + m.metrics.subscriptions, 0);
      expect(all.totals.subscriptions).to.equal(sum);
    });
  });

  describe('authentication and permissions', () => {
    const paths = [BASE, `${BASE}/analytics`, `${BASE}/${randomUUID()}`];

    for (const [name, header] of invalidTokenCases('admin', randomUUID())) {
      it(`answers 401 for ${name}`, async () => {
        for (const path of paths) {
          const req = api.http.get(path);
          if (header) req.set('Authorization', header);
          expect((await req.expect(401)).body.errorCode).to.equal(refusedTokenCode(name));
        }
      });
    }

    it('answers 403 to a customer token and to an admin without Subscriptions_READ', async () => {
      const customer = await subscriber();
      const other = adminToken(api.app.container, ['Orders_READ', 'Subscriptions_UPDATE']);
      for (const path of paths) {
        for (const token of [customer.accessToken, other]) {
          const res = await api.http.get(path).set('Authorization', `Bearer ${token}`).expect(403);
          expect(res.body.errorCode).to.equal('FORBIDDEN');
        }
      }
    });
  });
});
