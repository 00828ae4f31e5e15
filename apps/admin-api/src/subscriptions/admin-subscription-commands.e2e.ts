import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { SubscriptionHistoryModel, SubscriptionModel, SubscriptionPlanPriceModel } from '@platform/db';
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
import { createAdminApi } from '../admin-api';

const DAY = 86_400_000;
const BASE = '/api/admin/subscriptions';

type History = { action: string; actorType: string; actorId: string | null; oldStatus: string | null; newStatus: string; oldEndDate: string | null; newEndDate: string | null; note: string | null };

/** learning-commerce.md, "Subscriptions (admin)": grant, extend, revoke; "States and transitions → Subscriptions". */
describe('Admin subscription commands (admin-api)', () => {
  let api: TestApp;
  let adminId: string;
  let customer: TestCustomer;
  let catalog: TestSubscriptionCatalog;
  const clock = { offsetMs: 0, get now() { return new Date(Date.now() + this.offsetMs); } };

  before(async () => {
    api = await buildTestApp(createAdminApi);
    api.app.container.set(Clock, fixedClock(clock));
  });

  beforeEach(async () => {
    clock.offsetMs = 0;
    adminId = uuidv7();
    customer = await createCustomer(api.app.container);
    catalog = await createSubscriptionCatalog();
  });

  const token = (...permissions: string[]) => `Bearer ${adminToken(api.app.container, permissions, adminId)}`;
  const grant = (body: object) => api.http.post(`${BASE}/grant`).set('Authorization', token('Subscriptions_CREATE')).send(body);
  const extend = (id: string, body: object) => api.http.patch(`${BASE}/${id}/extend`).set('Authorization', token('Subscriptions_UPDATE')).send(body);
  const revoke = (id: string, body: object = {}) => api.http.patch(`${BASE}/${id}/revoke`).set('Authorization', token('Subscriptions_UPDATE')).send(body);
  const entitlements = () => api.app.container.get(EntitlementService);
  const basic = () => ({ planId: catalog.basic.plan.id, moduleId: catalog.module.id });
  const actions = (history: History[]) => history.map((h) => [h.action, h.actorType, h.actorId, h.oldStatus, h.newStatus]);
  const at = (days: number) => new Date(Date.now() + days * DAY);

  describe('POST /grant', () => {
    it('grants a price\'s duration from now: 201 with id and endDate, valueNpr = spNpr, history granted', async () => {
      const before = Date.now();
      const res = await grant({ userId: customer.id, planId: catalog.basic.plan.id, planPriceId: catalog.basic.price.id, adminNote: ' Loyalty ' }).expect(201);
      const data = res.body.data;
      expect(data).to.include({ userId: customer.id, status: 'active', source: 'admin_grant', isActive: true, valueNpr: 999, planPriceId: catalog.basic.price.id, grantedByAdminId: adminId, convertedFromId: null });
      expect(data.id).to.be.a('string');
      expect(Date.parse(data.endDate) - Date.parse(data.startDate)).to.equal(30 * DAY);
      expect(Date.parse(data.startDate)).to.be.within(before - 1000, Date.now() + 1000);
      expect(data.price.id).to.equal(catalog.basic.price.id);
      expect(actions(data.history)).to.deep.equal([['granted', 'admin', adminId, null, 'active']]);
      expect(data.history[0].note).to.equal('Loyalty');
      expect(await entitlements().hasFeature(customer.id, catalog.basicKey)).to.equal(true);
    });

    it('grants until customEndDate, valued at the base price prorated (spNpr × days / durationDays)', async () => {
      const end = at(15);
      const res = await grant({ userId: customer.id, planId: catalog.premium.plan.id, customEndDate: end.toISOString() }).expect(201);
      expect(res.body.data.endDate).to.equal(end.toISOString());
      expect(res.body.data.planPriceId).to.equal(null);
      // 1499.00 × ~15 / 30: within a paisa or two of 749.50 (the window starts a few ms after `end` was computed).
      expect(res.body.data.valueNpr).to.be.closeTo(749.5, 0.02);
      const row = (await SubscriptionModel.findByPk(res.body.data.id))!;
      expect(row.valueNpr).to.match(/^\d+\.\d{2}$/);
    });

    it('values a custom-length grant at 0 when the plan has no base price', async () => {
      await SubscriptionPlanPriceModel.update({ isBase: false }, { where: { planId: catalog.basic.plan.id } });
      const res = await grant({ userId: customer.id, planId: catalog.basic.plan.id, customEndDate: at(10).toISOString() }).expect(201);
      expect(res.body.data.valueNpr).to.equal(0);
    });

    it('converts a live trial: the trial ends now (history converted), the grant records convertedFromId', async () => {
      const trial = await createSubscription(customer.id, basic(), { status: 'trial', startsAt: at(-2), endsAt: at(5) });
      const res = await grant({ userId: customer.id, planId: catalog.premium.plan.id, planPriceId: catalog.premium.price.id }).expect(201);
      expect(res.body.data.convertedFromId).to.equal(trial.id);
      const ended = (await SubscriptionModel.findByPk(trial.id))!;
      expect(ended.status).to.equal('trial');
      expect(ended.endsAt!.getTime()).to.equal(Date.parse(res.body.data.startDate));
      const history = await SubscriptionHistoryModel.findAll({ where: { subscriptionId: trial.id } });
      expect(history.map((h) => [h.action, h.actorType, h.actorId, h.oldEndsAt?.getTime(), h.newEndsAt?.getTime()])).to.deep.equal([
        ['converted', 'admin', adminId, trial.endsAt!.getTime(), ended.endsAt!.getTime()],
      ]);
      expect(await entitlements().hasFeature(customer.id, catalog.premiumKey)).to.equal(true);
    });

    it('answers 409 SUBSCRIPTION_ALREADY_ACTIVE while an active subscription of the module is live', async () => {
      await createSubscription(customer.id, basic(), { startsAt: at(-1), endsAt: at(10) });
      const res = await grant({ userId: customer.id, planId: catalog.premium.plan.id, planPriceId: catalog.premium.price.id }).expect(409);
      expect(res.body.errorCode).to.equal('SUBSCRIPTION_ALREADY_ACTIVE');
      expect(await SubscriptionModel.count({ where: { userId: customer.id } })).to.equal(1);
    });

    it('two grants for one user and module at once: one 201, one 409 SUBSCRIPTION_ALREADY_ACTIVE, one row and one history entry', async () => {
      const body = { userId: customer.id, planId: catalog.basic.plan.id, planPriceId: catalog.basic.price.id };
      const statuses = (await Promise.all([grant(body), grant({ ...body, planId: catalog.premium.plan.id, planPriceId: catalog.premium.price.id })])).map((res) => res.status);
      expect(statuses.sort()).to.deep.equal([201, 409]);
      const rows = await SubscriptionModel.findAll({ where: { userId: customer.id } });
      expect(rows).to.have.length(1);
      expect(await SubscriptionHistoryModel.count({ where: { subscriptionId: rows[0].id } })).to.equal(1);
    });

    it('grants after an expired one', async () => {
      await createSubscription(customer.id, basic(), { startsAt: at(-20), endsAt: at(-10) });
      await grant({ userId: customer.id, planId: catalog.basic.plan.id, planPriceId: catalog.basic.price.id }).expect(201);
    });

    it('answers 400 SUBSCRIPTION_GRANT_INVALID without planPriceId and customEndDate', async () => {
      const res = await grant({ userId: customer.id, planId: catalog.basic.plan.id }).expect(400);
      expect(res.body.errorCode).to.equal('SUBSCRIPTION_GRANT_INVALID');
    });

    it('answers 404 NOT_FOUND for an unknown user, SUBSCRIPTION_PLAN_NOT_FOUND and SUBSCRIPTION_PRICE_NOT_FOUND for an unknown plan or a price of another plan', async () => {
      const valid = { userId: customer.id, planId: catalog.basic.plan.id, planPriceId: catalog.basic.price.id };
      expect((await grant({ ...valid, userId: uuidv7() }).expect(404)).body.errorCode).to.equal('NOT_FOUND');
      expect((await grant({ ...valid, planId: uuidv7() }).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PLAN_NOT_FOUND');
      expect((await grant({ ...valid, planPriceId: catalog.premium.price.id }).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PRICE_NOT_FOUND');
      expect((await grant({ ...valid, planPriceId: uuidv7() }).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PRICE_NOT_FOUND');
      expect(await SubscriptionModel.count({ where: { userId: customer.id } })).to.equal(0);
    });

    it('answers 400 VALIDATION_ERROR for a customEndDate not in the future and for malformed fields', async () => {
      const valid = { userId: customer.id, planId: catalog.basic.plan.id };
      for (const body of [
        { ...valid, customEndDate: at(-1).toISOString() },
        { ...valid, customEndDate: 'tomorrow' },
        { ...valid, customEndDate: null },
        { ...valid, userId: 'abc', planPriceId: catalog.basic.price.id },
        { ...valid, planId: 42, planPriceId: catalog.basic.price.id },
        { ...valid, planPriceId: catalog.basic.price.id, adminNote: 'x'.repeat(1001) },
      ]) {
        expect((await grant(body).expect(400)).body.errorCode, JSON.stringify(body).slice(0, 80)).to.equal('VALIDATION_ERROR');
      }
    });
  });

  describe('PATCH /:id/extend', () => {
    it('extends by durationDays from the current end, with history extended (old and new end)', async () => {
      const row = await createSubscription(customer.id, basic(), { startsAt: at(-1), endsAt: at(10) });
      const res = await extend(row.id, { durationDays: 5, adminNote: 'Goodwill' }).expect(200);
      expect(Date.parse(res.body.data.endDate)).to.equal(row.endsAt!.getTime() + 5 * DAY);
      const [entry] = res.body.data.history as History[];
      expect(entry).to.include({ action: 'extended', actorType: 'admin', actorId: adminId, oldStatus: 'active', newStatus: 'active', note: 'Goodwill' });
      expect([entry.oldEndDate, entry.newEndDate]).to.deep.equal([row.endsAt!.toISOString(), res.body.data.endDate]);
    });

    it('extends to newEndDate, which must be after the current end and in the future (400 VALIDATION_ERROR)', async () => {
      const row = await createSubscription(customer.id, basic(), { status: 'trial', startsAt: at(-1), endsAt: at(6) });
      expect((await extend(row.id, { newEndDate: at(3).toISOString() }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      const end = at(20).toISOString();
      const res = await extend(row.id, { newEndDate: end }).expect(200);
      expect(res.body.data).to.include({ status: 'trial', endDate: end });
    });

    it('refuses to extend an expired subscription (409 CONFLICT: the closed days would count as held); a grant is the way back', async () => {
      const row = await createSubscription(customer.id, basic(), { startsAt: at(-30), endsAt: at(-5) });
      for (const body of [{ durationDays: 10 }, { newEndDate: at(20).toISOString() }]) {
        const res = await extend(row.id, body).expect(409);
        expect(res.body.errorCode).to.equal('CONFLICT');
      }
      expect((await SubscriptionModel.findByPk(row.id))!.endsAt!.getTime()).to.equal(row.endsAt!.getTime());
      expect(await entitlements().hasFeature(customer.id, catalog.basicKey)).to.equal(false);
      await grant({ userId: customer.id, planId: catalog.basic.plan.id, planPriceId: catalog.basic.price.id }).expect(201);
      expect(await entitlements().hasFeature(customer.id, catalog.basicKey)).to.equal(true);
    });

    it('answers 409 SUBSCRIPTION_ALREADY_ACTIVE when the extended window would overlap a scheduled one', async () => {
      const trial = await createSubscription(customer.id, basic(), { status: 'trial', startsAt: at(-1), endsAt: at(6) });
      await createSubscription(customer.id, basic(), { startsAt: at(6), endsAt: at(36) });
      const res = await extend(trial.id, { durationDays: 10 }).expect(409);
      expect(res.body.errorCode).to.equal('SUBSCRIPTION_ALREADY_ACTIVE');
      expect((await SubscriptionModel.findByPk(trial.id))!.endsAt!.getTime()).to.equal(trial.endsAt!.getTime());
    });

    it('refuses ISO 8601 forms that are not RFC 3339 (week, ordinal, basic) with 400, never 500', async () => {
      const row = await createSubscription(customer.id, basic(), { startsAt: at(-1), endsAt: at(10) });
      for (const newEndDate of ['2030-W01', '20300101', '2030-100', '2030-01-01T00:00:00,5Z', '2030-02-31']) {
        expect((await extend(row.id, { newEndDate }).expect(400)).body.errorCode, newEndDate).to.equal('VALIDATION_ERROR');
      }
      const res = await grant({ userId: customer.id, planId: catalog.basic.plan.id, customEndDate: '2030-W01' }).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('answers 400 SUBSCRIPTION_EXTEND_INVALID with neither or both of durationDays and newEndDate', async () => {
      const row = await createSubscription(customer.id, basic(), { startsAt: at(-1), endsAt: at(10) });
      expect((await extend(row.id, {}).expect(400)).body.errorCode).to.equal('SUBSCRIPTION_EXTEND_INVALID');
      expect((await extend(row.id, { adminNote: 'x' }).expect(400)).body.errorCode).to.equal('SUBSCRIPTION_EXTEND_INVALID');
      expect((await extend(row.id, { durationDays: 3, newEndDate: at(30).toISOString() }).expect(400)).body.errorCode).to.equal('SUBSCRIPTION_EXTEND_INVALID');
    });

    it('answers 400 VALIDATION_ERROR for durationDays outside 1-3650 or not an integer', async () => {
      const row = await createSubscription(customer.id, basic(), { startsAt: at(-1), endsAt: at(10) });
      for (const durationDays of [0, 3651, 1.5, '5', null]) {
        expect((await extend(row.id, { durationDays }).expect(400)).body.errorCode, String(durationDays)).to.equal('VALIDATION_ERROR');
      }
    });

    it('answers 409 CONFLICT for a revoked subscription, 404 SUBSCRIPTION_NOT_FOUND for an unknown or malformed id', async () => {
      const row = await createSubscription(customer.id, basic(), { status: 'revoked', startsAt: at(-1), endsAt: at(10) });
      expect((await extend(row.id, { durationDays: 5 }).expect(409)).body.errorCode).to.equal('CONFLICT');
      expect((await extend(uuidv7(), { durationDays: 5 }).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_NOT_FOUND');
      expect((await extend('nope', { durationDays: 5 }).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_NOT_FOUND');
    });

    for (const status of ['pending_payment', 'payment_failed'] as const) {
      it(`answers 409 CONFLICT for a ${status} purchase (extend and revoke)`, async () => {
        const row = await SubscriptionModel.create({ id: uuidv7(), userId: customer.id, moduleId: catalog.module.id, planId: catalog.basic.plan.id, planPriceId: catalog.basic.price.id, status, source: 'purchase' });
        expect((await extend(row.id, { durationDays: 5 }).expect(409)).body.errorCode).to.equal('CONFLICT');
        expect((await revoke(row.id).expect(409)).body.errorCode).to.equal('CONFLICT');
      });
    }
  });

  describe('PATCH /:id/revoke', () => {
    it('revokes a live subscription: the very next entitlement check after the answer is false', async () => {
      const { body } = await grant({ userId: customer.id, planId: catalog.premium.plan.id, planPriceId: catalog.premium.price.id }).expect(201);
      expect(await entitlements().hasFeature(customer.id, catalog.premiumKey)).to.equal(true);
      const res = await revoke(body.data.id, { adminNote: 'Chargeback' }).expect(200);
      expect(await entitlements().hasFeature(customer.id, catalog.premiumKey)).to.equal(false);
      expect(await entitlements().hasFeature(customer.id, catalog.basicKey)).to.equal(false);
      expect(res.body.data).to.include({ status: 'revoked', isActive: false, revokedByAdminId: adminId });
      expect(res.body.data.revokedAt).to.be.a('string');
      expect(actions(res.body.data.history)).to.deep.equal([
        ['granted', 'admin', adminId, null, 'active'],
        ['revoked', 'admin', adminId, 'active', 'revoked'],
      ]);
      expect(res.body.data.history[1].note).to.equal('Chargeback');
      // Already revoked: 409 CONFLICT.
      expect((await revoke(body.data.id).expect(409)).body.errorCode).to.equal('CONFLICT');
    });

    it('revokes a trial, an expired and a scheduled subscription too', async () => {
      const trial = await createSubscription(customer.id, basic(), { status: 'trial', startsAt: at(-1), endsAt: at(6) });
      expect((await revoke(trial.id).expect(200)).body.data.status).to.equal('revoked');
      const expired = await createSubscription(customer.id, basic(), { startsAt: at(-30), endsAt: at(-10) });
      expect((await revoke(expired.id).expect(200)).body.data.status).to.equal('revoked');
      const scheduled = await createSubscription(customer.id, basic(), { startsAt: at(20), endsAt: at(50) });
      expect((await revoke(scheduled.id).expect(200)).body.data.status).to.equal('revoked');
    });

    it('answers 404 SUBSCRIPTION_NOT_FOUND for an unknown or malformed id', async () => {
      expect((await revoke(uuidv7()).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_NOT_FOUND');
      expect((await revoke('123').expect(404)).body.errorCode).to.equal('SUBSCRIPTION_NOT_FOUND');
    });
  });

  it('a grant expires by time: with the clock past its end it is expired and gives no features', async () => {
    const { body } = await grant({ userId: customer.id, planId: catalog.basic.plan.id, planPriceId: catalog.basic.price.id }).expect(201);
    expect(await entitlements().hasFeature(customer.id, catalog.basicKey)).to.equal(true);
    clock.offsetMs = 31 * DAY;
    expect(await entitlements().hasFeature(customer.id, catalog.basicKey)).to.equal(false);
    // An expired grant is not extended (409) but a fresh grant is possible.
    expect((await extend(body.data.id, { durationDays: 1 }).expect(409)).body.errorCode).to.equal('CONFLICT');
  });

  describe('authorization', () => {
    const routes: Array<[string, string, string, object]> = [
      ['post', `${BASE}/grant`, 'Subscriptions_CREATE', { userId: uuidv7(), planId: uuidv7(), customEndDate: new Date(Date.now() + DAY).toISOString() }],
      ['patch', `${BASE}/:id/extend`, 'Subscriptions_UPDATE', { durationDays: 1 }],
      ['patch', `${BASE}/:id/revoke`, 'Subscriptions_UPDATE', {}],
    ];
    const call = (method: string, path: string, body: object) => {
      const url = path.replace(':id', uuidv7());
      return method === 'post' ? api.http.post(url).send(body) : api.http.patch(url).send(body);
    };

    for (const [method, path, permission, body] of routes) {
      const route = `${method.toUpperCase()} ${path}`;
      for (const [label, header] of invalidTokenCases('admin', uuidv7())) {
        it(`${route} answers 401 UNAUTHORIZED with ${label}`, async () => {
          const request = call(method, path, body);
          const res = await (header ? request.set('Authorization', header) : request).expect(401);
          expect(res.body.errorCode).to.equal(refusedTokenCode(label));
        });
      }

      it(`${route} answers 403 FORBIDDEN to a customer token`, async () => {
        const res = await call(method, path, body).set('Authorization', `Bearer ${customer.accessToken}`).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });

      it(`${route} answers 403 FORBIDDEN without ${permission}`, async () => {
        const others = ['Subscriptions_READ', 'Subscriptions_CREATE', 'Subscriptions_UPDATE'].filter((p) => p !== permission);
        const res = await call(method, path, body).set('Authorization', token(...others)).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });
    }
  });

  it('documents each route\'s permission and the grant\'s valueNpr rule in the OpenAPI document', async () => {
    const { body } = await api.http.get('/openapi.json').expect(200);
    expect(body.paths[`${BASE}/grant`].post['x-required-permissions']).to.deep.equal(['Subscriptions_CREATE']);
    expect(body.paths[`${BASE}/grant`].post.responses).to.have.property('201');
    expect(body.paths[`${BASE}/grant`].post.description).to.match(/valueNpr/);
    expect(body.paths[`${BASE}/{id}/extend`].patch['x-required-permissions']).to.deep.equal(['Subscriptions_UPDATE']);
    expect(body.paths[`${BASE}/{id}/revoke`].patch['x-required-permissions']).to.deep.equal(['Subscriptions_UPDATE']);
  });
});
