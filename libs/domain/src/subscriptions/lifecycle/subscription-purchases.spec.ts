import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { SubscriptionHistoryModel, SubscriptionModel } from '@platform/db';
import { createCustomer, createSubscription, createSubscriptionCatalog, testContainer, TestSubscriptionCatalog } from '@platform/testing';
import { Clock, DomainError, fixedClock } from '../../shared';
import { EntitlementService } from '../entitlements';
import { ActivatePurchaseUseCase, CreatePendingPurchaseUseCase, FailPurchaseUseCase, GrantSubscriptionUseCase, RevokeSubscriptionUseCase, StartTrialUseCase } from './index';
import { guardWindows, prorate } from './subscription-windows';

const DAY = 86_400_000;

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  try {
    await work;
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

/**
 * Internal purchase operations (learning-commerce.md, "Subscriptions (customer)": pending-purchase
 * creation, activation and payment-failure handling exist only internally) and the schema backstops.
 */
describe('Subscription purchases (internal operations)', () => {
  let container: ContainerInstance;
  let catalog: TestSubscriptionCatalog;
  let userId: string;
  const clock = { offsetMs: 0, get now() { return new Date(Date.now() + this.offsetMs); } };
  const at = (days: number) => new Date(Date.now() + days * DAY);

  before(async () => {
    container = await testContainer('subscription-purchases-spec');
    container.set(Clock, fixedClock(clock));
  });

  beforeEach(async () => {
    clock.offsetMs = 0;
    catalog = await createSubscriptionCatalog();
    userId = (await createCustomer(container)).id;
  });

  const create = (planPriceId = catalog.basic.price.id) => container.get(CreatePendingPurchaseUseCase).execute({ userId, planPriceId, paymentReference: `ref-${uuidv7()}` });
  const activate = (id: string, when?: Date) => container.get(ActivatePurchaseUseCase).execute(id, when);
  const fail = (id: string, reason = 'Declined by the gateway') => container.get(FailPurchaseUseCase).execute(id, reason);
  const actions = async (id: string) => (await SubscriptionHistoryModel.findAll({ where: { subscriptionId: id }, order: [['id', 'ASC']] })).map((h) => [h.action, h.actorType, h.oldStatus, h.newStatus]);
  const hasBasic = () => container.get(EntitlementService).hasFeature(userId, catalog.basicKey);

  it('creates a pending_payment purchase worth the price, with no window and no access; history purchase_created by the customer', async () => {
    const purchase = await create();
    expect(purchase).to.include({ status: 'pending_payment', source: 'purchase', startDate: null, endDate: null, valueNpr: 999, planPriceId: catalog.basic.price.id, isActive: false });
    expect(await actions(purchase.id)).to.deep.equal([['purchase_created', 'customer', null, 'pending_payment']]);
    expect(purchase.history[0].actorId).to.equal(userId);
    expect(await hasBasic()).to.equal(false);
    expect((await refusal(create(uuidv7()))).code).to.equal('SUBSCRIPTION_PRICE_NOT_FOUND');
  });

  it('activates from now for the price\'s duration (history activated by the system); a second activation changes nothing', async () => {
    const purchase = await create();
    const before = Date.now();
    const active = await activate(purchase.id);
    expect(active).to.include({ status: 'active', isActive: true });
    expect(Date.parse(active.startDate!)).to.be.within(before - 1000, Date.now() + 1000);
    expect(Date.parse(active.endDate!) - Date.parse(active.startDate!)).to.equal(30 * DAY);
    expect(await hasBasic()).to.equal(true);
    const again = await activate(purchase.id);
    expect([again.status, again.startDate, again.endDate]).to.deep.equal(['active', active.startDate, active.endDate]);
    expect(await actions(purchase.id)).to.deep.equal([
      ['purchase_created', 'customer', null, 'pending_payment'],
      ['activated', 'system', 'pending_payment', 'active'],
    ]);
  });

  it('schedules after the module\'s live active window: scheduled until it ends, then active', async () => {
    const current = await createSubscription(userId, { planId: catalog.basic.plan.id, moduleId: catalog.module.id }, { startsAt: at(-5), endsAt: at(10) });
    const purchase = await create(catalog.premium.price.id);
    const scheduled = await activate(purchase.id);
    expect(scheduled).to.include({ status: 'scheduled', isActive: false, startDate: current.endsAt!.toISOString() });
    expect(Date.parse(scheduled.endDate!)).to.equal(current.endsAt!.getTime() + 30 * DAY);
    expect(await container.get(EntitlementService).hasFeature(userId, catalog.premiumKey)).to.equal(false);
    clock.offsetMs = 11 * DAY;
    expect(await container.get(EntitlementService).hasFeature(userId, catalog.premiumKey)).to.equal(true);
  });

  it('converts a live trial: it ends now with history converted, the purchase records convertedFromId', async () => {
    const trial = await createSubscription(userId, { planId: catalog.basic.plan.id, moduleId: catalog.module.id }, { status: 'trial', startsAt: at(-1), endsAt: at(6) });
    const active = await activate((await create(catalog.premium.price.id)).id);
    expect(active.convertedFromId).to.equal(trial.id);
    const ended = (await SubscriptionModel.findByPk(trial.id))!;
    expect(ended.endsAt!.toISOString()).to.equal(active.startDate);
    expect(await actions(trial.id)).to.deep.equal([['converted', 'system', 'trial', 'trial']]);
  });

  it('fails a pending purchase (idempotent, reason kept); a late confirmed payment still activates it', async () => {
    const purchase = await create();
    expect((await fail(purchase.id)).status).to.equal('payment_failed');
    expect((await fail(purchase.id, 'again')).status).to.equal('payment_failed');
    const history = await SubscriptionHistoryModel.findAll({ where: { subscriptionId: purchase.id, action: 'payment_failed' } });
    expect(history.map((h) => [h.actorType, h.note])).to.deep.equal([['system', 'Declined by the gateway']]);
    const active = await activate(purchase.id);
    expect(active.status).to.equal('active');
    expect(await actions(purchase.id)).to.deep.equal([
      ['purchase_created', 'customer', null, 'pending_payment'],
      ['payment_failed', 'system', 'pending_payment', 'payment_failed'],
      ['activated', 'system', 'payment_failed', 'active'],
    ]);
    // An active purchase cannot fail any more; unknown ids are not found.
    expect((await refusal(fail(purchase.id))).code).to.equal('CONFLICT');
    expect((await refusal(activate(uuidv7()))).code).to.equal('SUBSCRIPTION_NOT_FOUND');
    expect((await refusal(fail('nope'))).code).to.equal('SUBSCRIPTION_NOT_FOUND');
  });

  it('the schema backstops map to the rules\' errors: a second trial row and an overlapping window', async () => {
    const row = { userId, moduleId: catalog.module.id, planId: catalog.basic.plan.id };
    await createSubscription(userId, row, { status: 'trial', startsAt: at(-30), endsAt: at(-23) });
    const secondTrial = guardWindows(() => SubscriptionModel.create({ ...row, id: uuidv7(), status: 'trial', source: 'trial', startsAt: at(0), endsAt: at(7) }));
    expect((await refusal(secondTrial)).code).to.equal('SUBSCRIPTION_TRIAL_ALREADY_USED');
    await createSubscription(userId, row, { startsAt: at(-1), endsAt: at(10) });
    const overlap = guardWindows(() => createSubscription(userId, row, { startsAt: at(5), endsAt: at(20) }));
    expect((await refusal(overlap)).code).to.equal('SUBSCRIPTION_ALREADY_ACTIVE');
  });

  it('converts a trial that started at this very instant: the trial keeps a 1 ms window and the grant starts where it ends', async () => {
    const frozen = new Date();
    container.set(Clock, fixedClock(frozen));
    try {
      const trial = await container.get(StartTrialUseCase).execute({ kind: 'customer', id: userId }, catalog.basic.plan.id);
      const granted = await container.get(GrantSubscriptionUseCase).execute({ kind: 'admin', id: 'admin-same-instant', permissions: ['*'] }, {
        userId,
        planId: catalog.premium.plan.id,
        planPriceId: catalog.premium.price.id,
      });
      const ended = await SubscriptionModel.findByPk(trial.id);
      expect(ended?.endsAt?.getTime()).to.equal(frozen.getTime() + 1);
      expect(Date.parse(granted.startDate!)).to.equal(frozen.getTime() + 1);
      expect(granted.convertedFromId).to.equal(trial.id);
    } finally {
      container.set(Clock, fixedClock(clock));
    }
  });

  it('a paid purchase queued behind a window that is revoked moves up to start now, keeping its length', async () => {
    const granted = await createSubscription(userId, { planId: catalog.basic.plan.id, moduleId: catalog.module.id }, { startsAt: at(-1), endsAt: at(20) });
    const purchase = await create();
    const scheduled = await activate(purchase.id);
    expect(scheduled.status).to.equal('scheduled');
    const admin = { kind: 'admin' as const, id: 'admin-revoker', permissions: ['*'] };
    await container.get(RevokeSubscriptionUseCase).execute(admin, granted.id, {});
    const moved = await SubscriptionModel.findByPk(purchase.id);
    expect(moved!.startsAt!.getTime()).to.be.within(Date.now() - 5_000, Date.now());
    expect(moved!.endsAt!.getTime() - moved!.startsAt!.getTime()).to.equal(30 * DAY);
    expect(await hasBasic()).to.equal(true);
    expect((await actions(purchase.id)).map(([action]) => action)).to.deep.equal(['purchase_created', 'activated', 'rescheduled']);
    // Revoking the moved-up purchase itself leaves nothing queued and nothing live.
    await container.get(RevokeSubscriptionUseCase).execute(admin, purchase.id, {});
    expect(await hasBasic()).to.equal(false);
  });

  it('prorates in exact paisa, half up', () => {
    expect(prorate('999.00', 30, 15 * DAY)).to.equal('499.50');
    expect(prorate('1000.00', 3, DAY)).to.equal('333.33');
    expect(prorate('0.05', 2, DAY)).to.equal('0.03');
    expect(prorate('1499.00', 30, 60 * DAY)).to.equal('2998.00');
  });
});
