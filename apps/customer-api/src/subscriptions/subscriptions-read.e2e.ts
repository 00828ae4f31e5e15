import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Clock, fixedClock } from '@platform/domain';
import {
  adminToken,
  buildTestApp,
  createCustomer,
  createSubscription,
  createSubscriptionCatalog,
  invalidTokenCases, refusedTokenCode,
  TestApp,
  TestCustomer,
  TestSubscriptionCatalog,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

/**
 * learning-commerce.md, "Subscriptions (customer)": GET /api/subscriptions/access, /api/subscriptions
 * and /api/subscriptions/:id (and their /api/mobile twins). "Now" is the app's Clock, moved per test.
 */
describe('Customer subscription reads (customer-api)', () => {
  let api: TestApp;
  const clock = { now: new Date() };
  let catalog: TestSubscriptionCatalog;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    api.app.container.set(Clock, fixedClock(clock));
    catalog = await createSubscriptionCatalog();
  });

  beforeEach(() => {
    clock.now = new Date();
  });

  const get = (path: string, customer: TestCustomer) => api.http.get(path).set('Authorization', `Bearer ${customer.accessToken}`);
  const basic = () => ({ planId: catalog.basic.plan.id, moduleId: catalog.module.id });
  const premium = () => ({ planId: catalog.premium.plan.id, moduleId: catalog.module.id });

  describe('GET /api/subscriptions/access', () => {
    it('lists trial and active rows (expired and scheduled included, revoked not), newest first, with module and plan', async () => {
      const customer = await createCustomer(api.app.container);
      clock.now = at('2030-06-15T00:00:00Z');
      const expiredTrial = await createSubscription(customer.id, basic(), { status: 'trial', startsAt: at('2030-01-01T00:00:00Z'), endsAt: at('2030-01-08T00:00:00Z') });
      const active = await createSubscription(customer.id, basic(), { startsAt: at('2030-06-01T00:00:00Z'), endsAt: at('2030-07-01T00:00:00Z') });
      const scheduled = await createSubscription(customer.id, premium(), { startsAt: at('2030-07-01T00:00:00Z'), endsAt: at('2030-08-01T00:00:00Z') });
      await createSubscription(customer.id, basic(), { status: 'revoked', startsAt: at('2030-03-01T00:00:00Z'), endsAt: at('2030-04-01T00:00:00Z') });

      const res = await get('/api/subscriptions/access', customer).expect(200);
      expect(res.body.message).to.be.a('string');
      expect(res.body.data.map((row: { subscriptionId: string }) => row.subscriptionId)).to.deep.equal([scheduled.id, active.id, expiredTrial.id]);
      expect(res.body.data.map((row: { status: string; isActive: boolean }) => [row.status, row.isActive])).to.deep.equal([
        ['scheduled', false],
        ['active', true],
        ['expired', false],
      ]);
      expect(res.body.data[1]).to.deep.equal({
        subscriptionId: active.id,
        status: 'active',
        isActive: true,
        startDate: '2030-06-01T00:00:00.000Z',
        endDate: '2030-07-01T00:00:00.000Z',
        module: { id: catalog.module.id, name: catalog.module.name, slug: catalog.module.slug },
        plan: {
          id: catalog.basic.plan.id,
          name: catalog.basic.plan.name,
          tierId: catalog.basic.tier.id,
          tierName: 'Basic',
          tierSlug: 'basic',
        },
      });
      const mobile = await get('/api/mobile/subscriptions/access', customer).expect(200);
      expect(mobile.body.data).to.deep.equal(res.body.data);
    });

    it('computes isActive at read time: the same row before, inside and after its window', async () => {
      const customer = await createCustomer(api.app.container);
      const startsAt = at('2031-01-01T00:00:00Z');
      const endsAt = at('2031-01-31T00:00:00Z');
      await createSubscription(customer.id, basic(), { startsAt, endsAt });
      const read = async (now: Date) => {
        clock.now = now;
        const [row] = (await get('/api/subscriptions/access', customer).expect(200)).body.data;
        return [row.status, row.isActive];
      };
      expect(await read(new Date(startsAt.getTime() - 1))).to.deep.equal(['scheduled', false]);
      expect(await read(startsAt)).to.deep.equal(['active', true]);
      expect(await read(new Date(endsAt.getTime() - 1))).to.deep.equal(['active', true]);
      expect(await read(endsAt)).to.deep.equal(['expired', false]);
    });

    it("shows only the caller's rows", async () => {
      const [owner, other] = [await createCustomer(api.app.container), await createCustomer(api.app.container)];
      await createSubscription(owner.id, basic(), { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + DAY) });
      expect((await get('/api/subscriptions/access', other).expect(200)).body.data).to.deep.equal([]);
    });
  });

  describe('GET /api/subscriptions', () => {
    it('lists only the subscriptions that are active or trial now, with light module and plan data', async () => {
      const customer = await createCustomer(api.app.container);
      clock.now = at('2032-03-10T00:00:00Z');
      const other = await createSubscriptionCatalog();
      const trial = await createSubscription(customer.id, { planId: other.basic.plan.id, moduleId: other.module.id }, {
        status: 'trial',
        startsAt: at('2032-03-05T00:00:00Z'),
        endsAt: at('2032-03-12T00:00:00Z'),
      });
      const active = await createSubscription(customer.id, basic(), { startsAt: at('2032-03-01T00:00:00Z'), endsAt: at('2032-04-01T00:00:00Z') });
      // Neither the expired nor the scheduled nor the revoked one is listed.
      await createSubscription(customer.id, premium(), { startsAt: at('2032-04-01T00:00:00Z'), endsAt: at('2032-05-01T00:00:00Z') });
      await createSubscription(customer.id, basic(), { startsAt: at('2032-01-01T00:00:00Z'), endsAt: at('2032-02-01T00:00:00Z') });
      await createSubscription(customer.id, basic(), { status: 'revoked', startsAt: at('2032-02-01T00:00:00Z'), endsAt: at('2032-02-15T00:00:00Z') });

      const res = await get('/api/subscriptions', customer).expect(200);
      expect(res.body.data.map((row: { id: string }) => row.id)).to.have.members([trial.id, active.id]);
      const activeView = res.body.data.find((row: { id: string }) => row.id === active.id);
      expect(activeView).to.include({ userId: customer.id, status: 'active', source: 'admin_grant', isActive: true, valueNpr: 0 });
      expect(activeView.module).to.deep.equal({ id: catalog.module.id, name: catalog.module.name, slug: catalog.module.slug });
      expect(activeView.plan).to.include({ id: catalog.basic.plan.id, tierSlug: 'basic' });
      expect(res.body.data.find((row: { id: string }) => row.id === trial.id)).to.include({ status: 'trial', source: 'trial', isActive: true });

      clock.now = at('2032-03-12T00:00:00Z');
      expect((await get('/api/mobile/subscriptions', customer).expect(200)).body.data.map((row: { id: string }) => row.id)).to.deep.equal([active.id]);
    });
  });

  describe('GET /api/subscriptions/:id', () => {
    it('returns the subscription with module, plan, tier, prices, features, price and history', async () => {
      const customer = await createCustomer(api.app.container);
      const sub = await createSubscription(customer.id, premium(), { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + DAY) });
      for (const path of [`/api/subscriptions/${sub.id}`, `/api/mobile/subscriptions/${sub.id}`]) {
        const { data } = (await get(path, customer).expect(200)).body;
        expect(data).to.include({ id: sub.id, status: 'active', isActive: true });
        expect(data.tier).to.deep.equal({ id: catalog.premium.tier.id, name: 'Premium', slug: 'premium', parentTierId: catalog.basic.tier.id });
        expect(data.prices.map((price: { id: string }) => price.id)).to.deep.equal([catalog.premium.price.id]);
        expect(data.features.map((feature: { featureKey: string }) => feature.featureKey)).to.deep.equal([catalog.premiumKey]);
        expect(data).to.have.property('price', null);
        expect(data.history).to.deep.equal([]);
      }
    });

    it("answers 404 SUBSCRIPTION_NOT_FOUND for another customer's, an unknown and a malformed id", async () => {
      const [owner, other] = [await createCustomer(api.app.container), await createCustomer(api.app.container)];
      const sub = await createSubscription(owner.id, basic(), { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + DAY) });
      for (const id of [sub.id, randomUUID(), 'not-a-uuid', '12']) {
        const res = await get(`/api/subscriptions/${id}`, other).expect(404);
        expect(res.body).to.deep.equal({ message: 'Subscription not found', errorCode: 'SUBSCRIPTION_NOT_FOUND' });
      }
    });
  });

  describe('authentication', () => {
    const paths = ['/api/subscriptions/access', '/api/subscriptions', `/api/subscriptions/${randomUUID()}`, '/api/mobile/subscriptions'];

    for (const [name, header] of invalidTokenCases('customer', randomUUID())) {
      it(`answers 401 for ${name}`, async () => {
        for (const path of paths) {
          const req = api.http.get(path);
          if (header) req.set('Authorization', header);
          const res = await req.expect(401);
          expect(res.body.errorCode).to.equal(refusedTokenCode(name));
        }
      });
    }

    it('answers 403 to an admin token', async () => {
      const token = adminToken(api.app.container, ['*']);
      for (const path of paths) {
        const res = await api.http.get(path).set('Authorization', `Bearer ${token}`).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      }
    });
  });
});
