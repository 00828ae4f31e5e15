import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { adminToken, buildTestApp, createSubscriptionCatalog, TestApp, TestSubscriptionCatalog } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const tag = () => randomBytes(4).toString('hex');
const FEATURES = '/api/admin/subscription-plan-features';
const UNKNOWN = '01900000-0000-7000-8000-0000000000fc';
const PERMISSIONS = ['READ', 'CREATE', 'UPDATE', 'DELETE'].map((a) => `SubscriptionPlanFeatures_${a}`);

describe('Admin subscription plan features (admin-api)', () => {
  let api: TestApp;
  let auth: string;
  let catalog: TestSubscriptionCatalog;

  const post = (body: object) => api.http.post(FEATURES).set('Authorization', auth).send(body);
  const patch = (id: string, body: object) => api.http.patch(`${FEATURES}/${id}`).set('Authorization', auth).send(body);
  const get = (path: string) => api.http.get(path).set('Authorization', auth);
  const feature = (extra: object = {}) => ({ planId: catalog.basic.plan.id, moduleId: catalog.module.id, featureKey: `alerts.${tag()}`, featureText: 'Price alerts', ...extra });

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, PERMISSIONS)}`;
    catalog = await createSubscriptionCatalog();
  });

  it('creates a feature with defaults, and answers 201', async () => {
    const body = feature({ featureDetails: 'Push and email', value: '10/day', icon: 'bell', displayOrder: 1 });
    const res = await post(body).expect(201);
    expect(res.body.message).to.equal('Subscription plan feature created successfully');
    expect(res.body.data).to.include({ ...body, enabled: true });
  });

  it('answers 409 SUBSCRIPTION_FEATURE_KEY_DUPLICATE for a key the plan already has, on create and update', async () => {
    const first = (await post(feature()).expect(201)).body.data;
    expect((await post(feature({ featureKey: first.featureKey })).expect(409)).body.errorCode).to.equal('SUBSCRIPTION_FEATURE_KEY_DUPLICATE');
    // Another plan may use the same key.
    await post(feature({ planId: catalog.premium.plan.id, featureKey: first.featureKey })).expect(201);
    const second = (await post(feature()).expect(201)).body.data;
    expect((await patch(second.id, { featureKey: first.featureKey }).expect(409)).body.errorCode).to.equal('SUBSCRIPTION_FEATURE_KEY_DUPLICATE');
    await patch(second.id, { featureKey: second.featureKey, featureText: 'Same key is fine' }).expect(200);
  });

  it('lets exactly one of two concurrent creates of a key win (201 and 409)', async () => {
    const body = feature();
    const results = await Promise.all([post(body), post(body)]);
    expect(results.map((r) => r.status).sort()).to.deep.equal([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.errorCode).to.equal('SUBSCRIPTION_FEATURE_KEY_DUPLICATE');
  });

  it("checks the plan, the module and that the module is the plan's", async () => {
    expect((await post(feature({ planId: UNKNOWN })).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_PLAN_NOT_FOUND');
    expect((await post(feature({ moduleId: UNKNOWN })).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_MODULE_NOT_FOUND');
    const other = await createSubscriptionCatalog();
    expect((await post(feature({ moduleId: other.module.id })).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    const created = (await post(feature()).expect(201)).body.data;
    expect((await patch(created.id, { moduleId: other.module.id }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    expect((await patch(created.id, { planId: other.basic.plan.id }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
  });

  it('refuses bad bodies with 400 VALIDATION_ERROR', async () => {
    const bad = [
      feature({ featureKey: '.starts-with-dot' }),
      feature({ featureKey: 'has space' }),
      feature({ featureKey: `a${'b'.repeat(100)}` }),
      feature({ featureKey: '' }),
      feature({ featureText: '' }),
      feature({ featureText: 'x'.repeat(501) }),
      feature({ value: 'v'.repeat(201) }),
      feature({ enabled: 'yes' }),
      feature({ displayOrder: -1 }),
      { planId: catalog.basic.plan.id, moduleId: catalog.module.id, featureText: 'no key' },
    ];
    for (const body of bad) expect((await post(body).expect(400)).body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
    await post(feature({ featureKey: `A1_.:-${tag()}` })).expect(201);
  });

  it('updates, reads and lists features with filters', async () => {
    const created = (await post(feature()).expect(201)).body.data;
    const updated = await patch(created.id, { enabled: false, value: null, featureText: 'Changed' }).expect(200);
    expect(updated.body.data).to.include({ enabled: false, value: null, featureText: 'Changed' });
    expect((await get(`${FEATURES}/${created.id}`).expect(200)).body.data).to.deep.equal(updated.body.data);
    const byKey = await get(`${FEATURES}?featureKey=${created.featureKey}`).expect(200);
    expect(byKey.body.data.map((f: { id: string }) => f.id)).to.deep.equal([created.id]);
    const byPlan = await get(`${FEATURES}?planId=${catalog.basic.plan.id}&moduleId=${catalog.module.id}&enabled=false&size=100`).expect(200);
    expect(byPlan.body.data.map((f: { id: string }) => f.id)).to.include(created.id);
    expect(byPlan.body.data.every((f: { enabled: boolean }) => !f.enabled)).to.equal(true);
  });

  it('answers 404 SUBSCRIPTION_FEATURE_NOT_FOUND for unknown or malformed ids', async () => {
    for (const id of [UNKNOWN, 'nope']) {
      expect((await get(`${FEATURES}/${id}`).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_FEATURE_NOT_FOUND');
      expect((await patch(id, {}).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_FEATURE_NOT_FOUND');
      expect((await api.http.delete(`${FEATURES}/${id}`).set('Authorization', auth).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_FEATURE_NOT_FOUND');
    }
  });

  it('always deletes a feature', async () => {
    const id = catalog.basic.features[0].id;
    const res = await api.http.delete(`${FEATURES}/${id}`).set('Authorization', auth).expect(200);
    expect(res.body).to.deep.include({ message: 'Subscription plan feature deleted successfully', data: { id } });
    await get(`${FEATURES}/${id}`).expect(404);
  });
});
