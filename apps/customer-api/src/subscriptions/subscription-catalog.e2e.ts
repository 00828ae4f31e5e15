import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { SubscriptionPlanFeatureModel, SubscriptionPlanPriceModel, SubscriptionTierModel } from '@platform/db';
import { buildTestApp, createCustomer, createSubscriptionCatalog, invalidTokenCases, refusedTokenCode, TestApp, TestSubscriptionCatalog } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

interface PlanBody { id: string; prices: Array<{ id: string }>; features: Array<{ id: string }>; tier: { id: string }; module: { id: string } }

describe('Subscription catalog (customer-api)', () => {
  let api: TestApp;
  let token: string;
  let catalog: TestSubscriptionCatalog;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    token = `Bearer ${(await createCustomer(api.app.container)).accessToken}`;
    catalog = await createSubscriptionCatalog();
    // Hidden things: an inactive price, a disabled feature, an inactive tier (with its plan).
    await SubscriptionPlanPriceModel.create({ id: uuidv7(), planId: catalog.basic.plan.id, label: 'Old', durationDays: 7, mrpNpr: '10.00', spNpr: '10.00', isActive: false });
    await SubscriptionPlanFeatureModel.create({ id: uuidv7(), planId: catalog.basic.plan.id, moduleId: catalog.module.id, featureKey: `off.${catalog.basicKey}`, featureText: 'Off', enabled: false });
    await SubscriptionTierModel.create({ id: uuidv7(), moduleId: catalog.module.id, name: 'Hidden', slug: 'hidden', isActive: false });
  });

  for (const prefix of ['/api', '/api/mobile']) {
    it(`GET ${prefix}/subscriptions/modules lists active modules with active tiers, plans, prices and enabled features, without a token`, async () => {
      const res = await api.http.get(`${prefix}/subscriptions/modules`).expect(200);
      const module = res.body.data.find((m: { id: string }) => m.id === catalog.module.id);
      expect(module).to.include({ name: catalog.module.name, slug: catalog.module.slug });
      expect(module.tiers.map((t: { slug: string }) => t.slug)).to.deep.equal(['basic', 'premium']);
      const basic = module.tiers[0];
      expect(basic.plan.id).to.equal(catalog.basic.plan.id);
      expect(basic.plan.prices).to.deep.equal([
        { id: catalog.basic.price.id, label: 'Monthly', durationDays: 30, mrpNpr: 1500, spNpr: 999, isBase: true, isFeatured: false, isActive: true, displayOrder: 0 },
      ]);
      expect(basic.plan.features.map((f: { featureKey: string }) => f.featureKey)).to.deep.equal([catalog.basicKey]);
      expect(module.tiers[1].parentTierId).to.equal(catalog.basic.tier.id);
    });

    it(`GET ${prefix}/subscriptions/plans lists active plans with tier and module for a customer`, async () => {
      const res = await api.http.get(`${prefix}/subscriptions/plans?moduleId=${catalog.module.id}`).set('Authorization', token).expect(200);
      const plans = res.body.data as PlanBody[];
      expect(plans.map((p) => p.id)).to.deep.equal([catalog.basic.plan.id, catalog.premium.plan.id]);
      expect(plans[0].tier).to.include({ id: catalog.basic.tier.id, slug: 'basic' });
      expect(plans[0].module).to.include({ id: catalog.module.id, slug: catalog.module.slug });
      expect(plans[0].prices.map((p) => p.id)).to.deep.equal([catalog.basic.price.id]);
      expect(plans[0].features).to.have.length(1);
    });
  }

  it('hides inactive modules, tiers and plans', async () => {
    const other = await createSubscriptionCatalog();
    await other.premium.plan.update({ isActive: false });
    const modules = (await api.http.get('/api/subscriptions/modules').expect(200)).body.data;
    const module = modules.find((m: { id: string }) => m.id === other.module.id);
    expect(module.tiers[1].plan).to.equal(null);
    const plans = (await api.http.get(`/api/subscriptions/plans?moduleId=${other.module.id}`).set('Authorization', token).expect(200)).body.data as PlanBody[];
    expect(plans.map((p) => p.id)).to.deep.equal([other.basic.plan.id]);

    await other.basic.tier.update({ isActive: false });
    const withoutTier = (await api.http.get(`/api/subscriptions/plans?moduleId=${other.module.id}`).set('Authorization', token).expect(200)).body.data;
    expect(withoutTier).to.deep.equal([]);

    await other.module.update({ isActive: false });
    const after = (await api.http.get('/api/subscriptions/modules').expect(200)).body.data;
    expect(after.map((m: { id: string }) => m.id)).to.not.include(other.module.id);
    const all = (await api.http.get('/api/subscriptions/plans').set('Authorization', token).expect(200)).body.data as PlanBody[];
    expect(all.map((p) => p.id)).to.include(catalog.basic.plan.id);
    expect(all.some((p) => p.module.id === other.module.id)).to.equal(false);
    const inactive = await api.http.get(`/api/subscriptions/plans?moduleId=${other.module.id}`).set('Authorization', token).expect(404);
    expect(inactive.body.errorCode).to.equal('SUBSCRIPTION_MODULE_NOT_FOUND');
  });

  it('answers 400 for a malformed moduleId and 404 for an unknown one', async () => {
    expect((await api.http.get('/api/subscriptions/plans?moduleId=abc').set('Authorization', token).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    const unknown = await api.http.get(`/api/subscriptions/plans?moduleId=${uuidv7()}`).set('Authorization', token).expect(404);
    expect(unknown.body.errorCode).to.equal('SUBSCRIPTION_MODULE_NOT_FOUND');
  });

  for (const [name, header] of invalidTokenCases('customer', '01900000-0000-7000-8000-000000000002')) {
    it(`GET /api/subscriptions/plans answers 401 to ${name}`, async () => {
      const request = api.http.get('/api/subscriptions/plans');
      const res = await (header ? request.set('Authorization', header) : request).expect(401);
      expect(res.body.errorCode).to.equal(refusedTokenCode(name));
    });
  }
});
