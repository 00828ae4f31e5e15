import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { SubscriptionHistoryModel, SubscriptionModel, SubscriptionModuleModel, SubscriptionPlanModel, SubscriptionTierModel } from '@platform/db';
import { Clock, EntitlementService, fixedClock } from '@platform/domain';
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

/** learning-commerce.md, "Subscriptions (customer)": POST /api/subscriptions/trial/:planId and its trial rules. */
describe('Subscription trials (customer-api)', () => {
  let api: TestApp;
  let customer: TestCustomer;
  let catalog: TestSubscriptionCatalog;
  // A clock running with real time, moved by `offsetMs` to see windows end without sleeping.
  const clock = { offsetMs: 0, get now() { return new Date(Date.now() + this.offsetMs); } };

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    api.app.container.set(Clock, fixedClock(clock));
  });

  beforeEach(async () => {
    clock.offsetMs = 0;
    customer = await createCustomer(api.app.container);
    catalog = await createSubscriptionCatalog();
  });

  const bearer = (who: TestCustomer) => `Bearer ${who.accessToken}`;
  const start = (planId: string, who = customer, prefix = '/api') => api.http.post(`${prefix}/subscriptions/trial/${planId}`).set('Authorization', bearer(who)).send();
  const entitlements = () => api.app.container.get(EntitlementService);

  it('starts a trial of trialDays from now: 201 with the subscription, its history and the plan\'s features', async () => {
    const before = Date.now();
    const res = await start(catalog.basic.plan.id).expect(201);
    const data = res.body.data;
    expect(data).to.include({ userId: customer.id, status: 'trial', source: 'trial', isActive: true, valueNpr: 0, convertedFromId: null });
    expect(data.module.id).to.equal(catalog.module.id);
    expect(data.plan.id).to.equal(catalog.basic.plan.id);
    const startDate = Date.parse(data.startDate);
    expect(startDate).to.be.within(before - 1000, Date.now() + 1000);
    expect(Date.parse(data.endDate) - startDate).to.equal(7 * DAY);
    expect(data.history.map((h: { action: string; actorType: string; actorId: string; newStatus: string }) => [h.action, h.actorType, h.actorId, h.newStatus])).to.deep.equal([
      ['trial_started', 'customer', customer.id, 'trial'],
    ]);
    expect(data.features.map((f: { featureKey: string }) => f.featureKey)).to.deep.equal([catalog.basicKey]);
    expect(await entitlements().hasFeature(customer.id, catalog.basicKey)).to.equal(true);
    expect(await SubscriptionHistoryModel.count({ where: { subscriptionId: data.id } })).to.equal(1);
  });

  it('answers on the mobile prefix too', async () => {
    const res = await start(catalog.premium.plan.id, customer, '/api/mobile').expect(201);
    expect(res.body.data.plan.id).to.equal(catalog.premium.plan.id);
    expect(await entitlements().hasFeature(customer.id, catalog.premiumKey)).to.equal(true);
    expect(await entitlements().hasFeature(customer.id, catalog.basicKey), 'premium builds on basic').to.equal(true);
  });

  it('a trial expires by time: live now, expired with no features once the clock passes its end', async () => {
    const { body } = await start(catalog.basic.plan.id).expect(201);
    expect(await entitlements().hasFeature(customer.id, catalog.basicKey)).to.equal(true);
    clock.offsetMs = 7 * DAY + 1000;
    expect(await entitlements().hasFeature(customer.id, catalog.basicKey)).to.equal(false);
    expect((await entitlements().at(customer.id)).contentTier).to.equal(null);
    const row = (await SubscriptionModel.findByPk(body.data.id))!;
    expect(row.status, 'expired is computed, never stored').to.equal('trial');
    // And the one trial is used for good: no second one in the module once it expired.
    expect((await start(catalog.basic.plan.id).expect(409)).body.errorCode).to.equal('SUBSCRIPTION_TRIAL_ALREADY_USED');
  });

  it('answers 404 SUBSCRIPTION_PLAN_NOT_FOUND for an unknown or malformed planId', async () => {
    expect((await start(uuidv7()).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PLAN_NOT_FOUND');
    expect((await start('not-a-uuid').expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PLAN_NOT_FOUND');
  });

  for (const [label, change] of [
    ['an inactive plan', (c: TestSubscriptionCatalog) => SubscriptionPlanModel.update({ isActive: false }, { where: { id: c.basic.plan.id } })],
    ['a plan of an inactive tier', (c: TestSubscriptionCatalog) => SubscriptionTierModel.update({ isActive: false }, { where: { id: c.basic.tier.id } })],
    ['a plan of an inactive module', (c: TestSubscriptionCatalog) => SubscriptionModuleModel.update({ isActive: false }, { where: { id: c.module.id } })],
    ['a plan with trialDays 0', (c: TestSubscriptionCatalog) => SubscriptionPlanModel.update({ trialDays: 0 }, { where: { id: c.basic.plan.id } })],
  ] as const) {
    it(`answers 400 SUBSCRIPTION_TRIAL_NOT_AVAILABLE for ${label}, and creates nothing`, async () => {
      await change(catalog);
      const res = await start(catalog.basic.plan.id).expect(400);
      expect(res.body.errorCode).to.equal('SUBSCRIPTION_TRIAL_NOT_AVAILABLE');
      expect(await SubscriptionModel.count({ where: { userId: customer.id } })).to.equal(0);
    });
  }

  it('trialRequiresCc is shown to clients but is no fifth trial condition: the trial starts', async () => {
    await SubscriptionPlanModel.update({ trialRequiresCc: true }, { where: { id: catalog.basic.plan.id } });
    const { data } = (await start(catalog.basic.plan.id).expect(201)).body;
    expect(data.status).to.equal('trial');
    expect(data.plan.id).to.equal(catalog.basic.plan.id);
  });

  it('one trial per module for life: the OTHER plan of the module answers 409 SUBSCRIPTION_TRIAL_ALREADY_USED, even after the first was revoked', async () => {
    const { body } = await start(catalog.basic.plan.id).expect(201);
    expect((await start(catalog.premium.plan.id).expect(409)).body.errorCode).to.equal('SUBSCRIPTION_TRIAL_ALREADY_USED');
    await SubscriptionModel.update({ status: 'revoked', revokedAt: new Date(), revokedByAdminId: 'test-admin' }, { where: { id: body.data.id } });
    expect((await start(catalog.premium.plan.id).expect(409)).body.errorCode).to.equal('SUBSCRIPTION_TRIAL_ALREADY_USED');
    clock.offsetMs = 30 * DAY;
    expect((await start(catalog.premium.plan.id).expect(409)).body.errorCode).to.equal('SUBSCRIPTION_TRIAL_ALREADY_USED');
    expect(await SubscriptionModel.count({ where: { userId: customer.id } })).to.equal(1);
  });

  it('trials are per user: another customer may start the trial of the same plan', async () => {
    await start(catalog.basic.plan.id).expect(201);
    const other = await createCustomer(api.app.container);
    expect((await start(catalog.basic.plan.id, other).expect(201)).body.data.userId).to.equal(other.id);
  });

  it('and per module: a trial in another module is not a used trial here', async () => {
    const other = await createSubscriptionCatalog();
    await start(other.basic.plan.id).expect(201);
    await start(catalog.basic.plan.id).expect(201);
  });

  it('answers 409 SUBSCRIPTION_ALREADY_ACTIVE while an active subscription of the module is live', async () => {
    const now = Date.now();
    await createSubscription(customer.id, { planId: catalog.basic.plan.id, moduleId: catalog.module.id }, { startsAt: new Date(now - DAY), endsAt: new Date(now + 10 * DAY) });
    expect((await start(catalog.premium.plan.id).expect(409)).body.errorCode).to.equal('SUBSCRIPTION_ALREADY_ACTIVE');
    expect(await SubscriptionModel.count({ where: { userId: customer.id, source: 'trial' } })).to.equal(0);
    // Once that one ended, the trial is available.
    clock.offsetMs = 11 * DAY;
    expect((await start(catalog.premium.plan.id).expect(201)).body.data.status).to.equal('trial');
  });

  it('10 concurrent trial requests of one user and module: exactly one 201, the others 409, one row', async () => {
    const plans = [catalog.basic.plan.id, catalog.premium.plan.id];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => start(plans[i % 2])));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).to.deep.equal([201, ...Array(9).fill(409)]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(res.body.errorCode).to.be.oneOf(['SUBSCRIPTION_TRIAL_ALREADY_USED', 'SUBSCRIPTION_ALREADY_ACTIVE']);
    }
    expect(await SubscriptionModel.count({ where: { userId: customer.id, moduleId: catalog.module.id } })).to.equal(1);
  });

  describe('authorization', () => {
    for (const prefix of ['/api', '/api/mobile']) {
      const path = `${prefix}/subscriptions/trial/:planId`;
      for (const [label, header] of invalidTokenCases('customer', uuidv7())) {
        it(`POST ${path} answers 401 UNAUTHORIZED with ${label}`, async () => {
          const request = api.http.post(`${prefix}/subscriptions/trial/${catalog.basic.plan.id}`);
          const res = await (header ? request.set('Authorization', header) : request).send().expect(401);
          expect(res.body.errorCode).to.equal(refusedTokenCode(label));
        });
      }

      it(`POST ${path} answers 403 FORBIDDEN to an admin token`, async () => {
        const res = await api.http
          .post(`${prefix}/subscriptions/trial/${catalog.basic.plan.id}`)
          .set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`)
          .send()
          .expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
        expect(await SubscriptionModel.count({ where: { planId: catalog.basic.plan.id } })).to.equal(0);
      });
    }
  });

  it('documents the route with its 201 answer in the OpenAPI document', async () => {
    const { body } = await api.http.get('/openapi.json').expect(200);
    for (const path of ['/api/subscriptions/trial/{planId}', '/api/mobile/subscriptions/trial/{planId}']) {
      expect(body.paths[path].post.responses, path).to.have.property('201');
    }
  });
});
