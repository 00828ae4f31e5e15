import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { SubscriptionPlanFeatureModel, SubscriptionPlanPriceModel } from '@platform/db';
import { adminToken, buildTestApp, createCustomer, createSubscription, createSubscriptionCatalog, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const tag = () => randomBytes(4).toString('hex');
const PLANS = '/api/admin/subscription-plans';
const PRICES = '/api/admin/subscription-plan-prices';
const UNKNOWN = '01900000-0000-7000-8000-0000000000fd';
const PERMISSIONS = ['SubscriptionModules', 'SubscriptionTiers', 'SubscriptionPlans', 'SubscriptionPlanPrices'].flatMap((r) =>
  ['READ', 'CREATE', 'UPDATE', 'DELETE'].map((a) => `${r}_${a}`),
);

describe('Admin subscription plans and prices (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  const post = (path: string, body: object) => api.http.post(path).set('Authorization', auth).send(body);
  const patch = (path: string, body: object) => api.http.patch(path).set('Authorization', auth).send(body);
  const get = (path: string) => api.http.get(path).set('Authorization', auth);
  const del = (path: string) => api.http.delete(path).set('Authorization', auth);
  /** A module with one bare tier (no plan yet). */
  const newTier = async () => {
    const module = (await post('/api/admin/subscription-modules', { name: `Plans ${tag()}` }).expect(201)).body.data;
    const tier = (await post('/api/admin/subscription-tiers', { moduleId: module.id, name: 'Basic' }).expect(201)).body.data;
    return { module, tier };
  };
  const newPlan = async (extra: object = {}) => {
    const { module, tier } = await newTier();
    const plan = (await post(PLANS, { tierId: tier.id, name: `Plan ${tag()}`, ...extra }).expect(201)).body.data;
    return { module, tier, plan };
  };
  const price = (planId: string, extra: object = {}) => ({ planId, label: 'Monthly', durationDays: 30, mrpNpr: 1500, spNpr: 999.5, ...extra });

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, PERMISSIONS)}`;
  });

  describe('plans', () => {
    it('creates the plan of a tier with defaults, and answers 201', async () => {
      const { tier } = await newTier();
      const res = await post(PLANS, { tierId: tier.id, name: 'Gold plan' }).expect(201);
      expect(res.body.message).to.equal('Subscription plan created successfully');
      expect(res.body.data).to.include({ tierId: tier.id, name: 'Gold plan', description: null, trialDays: 0, trialRequiresCc: false, isActive: true, displayOrder: 0 });
    });

    it('answers 409 SUBSCRIPTION_PLAN_EXISTS for a second plan of a tier', async () => {
      const { tier } = await newPlan();
      expect((await post(PLANS, { tierId: tier.id, name: 'Again' }).expect(409)).body.errorCode).to.equal('SUBSCRIPTION_PLAN_EXISTS');
    });

    it('lets exactly one of two concurrent creates for a tier win (201 and 409)', async () => {
      const { tier } = await newTier();
      const results = await Promise.all([post(PLANS, { tierId: tier.id, name: 'A' }), post(PLANS, { tierId: tier.id, name: 'B' })]);
      expect(results.map((r) => r.status).sort()).to.deep.equal([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.errorCode).to.equal('SUBSCRIPTION_PLAN_EXISTS');
    });

    it('validates the body and the tier', async () => {
      const { tier } = await newTier();
      expect((await post(PLANS, { tierId: UNKNOWN, name: 'x' }).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_TIER_NOT_FOUND');
      for (const body of [{ name: 'x' }, { tierId: tier.id }, { tierId: tier.id, name: 'x', trialDays: 366 }, { tierId: tier.id, name: 'x', trialDays: -1 },
        { tierId: tier.id, name: 'x', trialDays: 1.5 }, { tierId: tier.id, name: 'x', trialRequiresCc: 'no' }, { tierId: tier.id, name: 'x', trialDays: null }]) {
        expect((await post(PLANS, body).expect(400)).body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
      }
    });

    it('updates a plan, refusing a tier change (400)', async () => {
      const { plan } = await newPlan();
      const res = await patch(`${PLANS}/${plan.id}`, { name: 'Renamed', trialDays: 14, trialRequiresCc: true, isActive: false, description: 'D' }).expect(200);
      expect(res.body.data).to.include({ name: 'Renamed', trialDays: 14, trialRequiresCc: true, isActive: false, description: 'D' });
      const other = await newTier();
      expect((await patch(`${PLANS}/${plan.id}`, { tierId: other.tier.id }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('lists plans filtered by tier and by module', async () => {
      const { module, tier, plan } = await newPlan();
      const byTier = await get(`${PLANS}?tierId=${tier.id}`).expect(200);
      expect(byTier.body.data.map((p: { id: string }) => p.id)).to.deep.equal([plan.id]);
      const second = (await post('/api/admin/subscription-tiers', { moduleId: module.id, name: 'Two' }).expect(201)).body.data;
      const plan2 = (await post(PLANS, { tierId: second.id, name: 'Two plan' }).expect(201)).body.data;
      const byModule = await get(`${PLANS}?moduleId=${module.id}&sort=name&order=asc`).expect(200);
      expect(byModule.body.count).to.equal(2);
      expect(byModule.body.data.map((p: { id: string }) => p.id)).to.have.members([plan.id, plan2.id]);
      expect((await get(`${PLANS}?moduleId=${module.id}&tierId=${tier.id}`).expect(200)).body.count).to.equal(1);
    });

    it('answers 404 SUBSCRIPTION_PLAN_NOT_FOUND for unknown or malformed ids', async () => {
      for (const id of [UNKNOWN, 'nope']) {
        expect((await get(`${PLANS}/${id}`).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PLAN_NOT_FOUND');
        expect((await patch(`${PLANS}/${id}`, {}).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PLAN_NOT_FOUND');
        expect((await del(`${PLANS}/${id}`).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PLAN_NOT_FOUND');
      }
    });

    it('deletes a plan without subscriptions with its prices and features, and refuses one with a subscription (409)', async () => {
      const catalog = await createSubscriptionCatalog();
      const res = await del(`${PLANS}/${catalog.premium.plan.id}`).expect(200);
      expect(res.body).to.deep.include({ message: 'Subscription plan deleted successfully', data: { id: catalog.premium.plan.id } });
      expect(await SubscriptionPlanPriceModel.count({ where: { planId: catalog.premium.plan.id } })).to.equal(0);
      expect(await SubscriptionPlanFeatureModel.count({ where: { planId: catalog.premium.plan.id } })).to.equal(0);

      const customer = await createCustomer(api.app.container);
      await createSubscription(customer.id, { planId: catalog.basic.plan.id, moduleId: catalog.module.id }, { status: 'revoked', startsAt: new Date(Date.now() - 10_000), endsAt: new Date() });
      const refused = await del(`${PLANS}/${catalog.basic.plan.id}`).expect(409);
      expect(refused.body.errorCode).to.equal('CONFLICT');
      expect(refused.body.message).to.match(/Subscriptions reference.*isActive/);
    });
  });

  describe('prices', () => {
    it('creates a price and answers amounts as numbers', async () => {
      const { plan } = await newPlan();
      const res = await post(PRICES, price(plan.id, { isFeatured: true, displayOrder: 3 })).expect(201);
      expect(res.body.message).to.equal('Subscription plan price created successfully');
      expect(res.body.data).to.include({ planId: plan.id, label: 'Monthly', durationDays: 30, mrpNpr: 1500, spNpr: 999.5, isBase: false, isFeatured: true, isActive: true, displayOrder: 3 });
      const stored = await SubscriptionPlanPriceModel.findByPk(res.body.data.id);
      expect([stored!.mrpNpr, stored!.spNpr]).to.deep.equal(['1500.00', '999.50']);
    });

    it('refuses spNpr above mrpNpr (400 SUBSCRIPTION_PRICE_INVALID), also on a merged PATCH', async () => {
      const { plan } = await newPlan();
      expect((await post(PRICES, price(plan.id, { mrpNpr: 100.1, spNpr: 100.11 })).expect(400)).body.errorCode).to.equal('SUBSCRIPTION_PRICE_INVALID');
      await post(PRICES, price(plan.id, { mrpNpr: 0.3, spNpr: 0.3 })).expect(201);
      const created = (await post(PRICES, price(plan.id, { mrpNpr: 1000, spNpr: 800 })).expect(201)).body.data;
      expect((await patch(`${PRICES}/${created.id}`, { spNpr: 1000.01 }).expect(400)).body.errorCode).to.equal('SUBSCRIPTION_PRICE_INVALID');
      expect((await patch(`${PRICES}/${created.id}`, { mrpNpr: 799.99 }).expect(400)).body.errorCode).to.equal('SUBSCRIPTION_PRICE_INVALID');
      const ok = await patch(`${PRICES}/${created.id}`, { mrpNpr: 9999999999.99, spNpr: 9999999999.99 }).expect(200);
      expect(ok.body.data).to.include({ mrpNpr: 9999999999.99, spNpr: 9999999999.99 });
    });

    it('refuses bad bodies with 400 VALIDATION_ERROR', async () => {
      const { plan } = await newPlan();
      const bad = [
        { ...price(plan.id), mrpNpr: 10.123 },
        { ...price(plan.id), spNpr: -1 },
        { ...price(plan.id), mrpNpr: 10000000000 },
        { ...price(plan.id), mrpNpr: '100' },
        { ...price(plan.id), durationDays: 0 },
        { ...price(plan.id), durationDays: 3661 },
        { ...price(plan.id), label: '' },
        { ...price(plan.id), planId: 'x' },
        { planId: plan.id, label: 'x', durationDays: 30, mrpNpr: 10 },
      ];
      for (const body of bad) expect((await post(PRICES, body).expect(400)).body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
      expect((await post(PRICES, price(UNKNOWN)).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PLAN_NOT_FOUND');
    });

    it('keeps at most one base price per plan', async () => {
      const { plan } = await newPlan();
      const first = (await post(PRICES, price(plan.id, { isBase: true })).expect(201)).body.data;
      const second = (await post(PRICES, price(plan.id, { isBase: true, label: 'Yearly', durationDays: 365 })).expect(201)).body.data;
      const third = (await post(PRICES, price(plan.id, { label: 'Weekly', durationDays: 7 })).expect(201)).body.data;
      const bases = async () => (await SubscriptionPlanPriceModel.findAll({ where: { planId: plan.id, isBase: true } })).map((p) => p.id);
      expect(await bases()).to.deep.equal([second.id]);
      await patch(`${PRICES}/${third.id}`, { isBase: true }).expect(200);
      expect(await bases()).to.deep.equal([third.id]);
      await patch(`${PRICES}/${first.id}`, { isBase: true, label: 'Monthly base' }).expect(200);
      expect(await bases()).to.deep.equal([first.id]);
      const results = await Promise.all([second.id, third.id].map((id) => patch(`${PRICES}/${id}`, { isBase: true })));
      expect(results.map((r) => r.status)).to.deep.equal([200, 200]);
      expect(await bases()).to.have.length(1);
    });

    it('reads, lists by plan and refuses a plan change', async () => {
      const { plan } = await newPlan();
      const other = await newPlan();
      const created = (await post(PRICES, price(plan.id)).expect(201)).body.data;
      expect((await get(`${PRICES}/${created.id}`).expect(200)).body.data).to.deep.equal(created);
      const list = await get(`${PRICES}?planId=${plan.id}`).expect(200);
      expect(list.body.data.map((p: { id: string }) => p.id)).to.deep.equal([created.id]);
      expect((await patch(`${PRICES}/${created.id}`, { planId: other.plan.id }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('answers 404 SUBSCRIPTION_PRICE_NOT_FOUND for unknown or malformed ids', async () => {
      for (const id of [UNKNOWN, 'nope']) {
        expect((await get(`${PRICES}/${id}`).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PRICE_NOT_FOUND');
        expect((await patch(`${PRICES}/${id}`, {}).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PRICE_NOT_FOUND');
        expect((await del(`${PRICES}/${id}`).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PRICE_NOT_FOUND');
      }
    });

    it('deletes an unreferenced price and refuses one a subscription references (409)', async () => {
      const catalog = await createSubscriptionCatalog();
      const customer = await createCustomer(api.app.container);
      const subscription = await createSubscription(customer.id, { planId: catalog.basic.plan.id, moduleId: catalog.module.id }, { startsAt: new Date(), endsAt: new Date(Date.now() + 86_400_000) });
      await subscription.update({ planPriceId: catalog.basic.price.id });
      const refused = await del(`${PRICES}/${catalog.basic.price.id}`).expect(409);
      expect(refused.body.errorCode).to.equal('CONFLICT');
      expect(refused.body.message).to.match(/isActive/);
      expect((await del(`${PRICES}/${catalog.premium.price.id}`).expect(200)).body.data).to.deep.equal({ id: catalog.premium.price.id });
    });
  });
});
