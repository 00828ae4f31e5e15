import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { SubscriptionTierModel } from '@platform/db';
import { EntitlementService } from '@platform/domain';
import { adminToken, buildTestApp, createCustomer, createSubscription, createSubscriptionCatalog, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const tag = () => randomBytes(4).toString('hex');
const MODULES = '/api/admin/subscription-modules';
const TIERS = '/api/admin/subscription-tiers';
const UNKNOWN = '01900000-0000-7000-8000-0000000000fe';
const PERMISSIONS = ['SubscriptionModules', 'SubscriptionTiers'].flatMap((r) => ['READ', 'CREATE', 'UPDATE', 'DELETE'].map((a) => `${r}_${a}`));

describe('Admin subscription modules and tiers (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  const post = (path: string, body: object) => api.http.post(path).set('Authorization', auth).send(body);
  const patch = (path: string, body: object) => api.http.patch(path).set('Authorization', auth).send(body);
  const get = (path: string) => api.http.get(path).set('Authorization', auth);
  const del = (path: string) => api.http.delete(path).set('Authorization', auth);
  const newModule = async (name = `Insights ${tag()}`) => (await post(MODULES, { name }).expect(201)).body.data;
  const newTier = async (moduleId: string, extra: object = {}) => (await post(TIERS, { moduleId, name: `Gold ${tag()}`, ...extra }).expect(201)).body.data;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, PERMISSIONS)}`;
  });

  describe('modules', () => {
    it('creates a module with a slug made from its name, and answers 201', async () => {
      const t = tag();
      const res = await post(MODULES, { name: `  Market Insights ${t} `, description: 'Signals', icon: 'chart' }).expect(201);
      expect(res.body.message).to.equal('Subscription module created successfully');
      expect(res.body.data).to.include({ name: `Market Insights ${t}`, slug: `market-insights-${t}`, description: 'Signals', icon: 'chart', isActive: true });
    });

    it('suffixes a colliding slug with -2, -3 and keeps it on a rename', async () => {
      const name = `Same Name ${tag()}`;
      const first = await newModule(name);
      const second = await newModule(name);
      const third = await newModule(name.toUpperCase());
      expect([first.slug, second.slug, third.slug]).to.deep.equal([first.slug, `${first.slug}-2`, `${first.slug}-3`]);
      const renamed = await patch(`${MODULES}/${second.id}`, { name: `Renamed ${tag()}` }).expect(200);
      expect(renamed.body.data.slug).to.equal(`${first.slug}-2`);
    });

    it('gives concurrent creates with one name distinct slugs', async () => {
      const name = `Race ${tag()}`;
      const results = await Promise.all([1, 2, 3].map(() => post(MODULES, { name })));
      expect(results.map((r) => r.status)).to.deep.equal([201, 201, 201]);
      expect(new Set(results.map((r) => r.body.data.slug)).size).to.equal(3);
    });

    it('refuses bad bodies with 400 VALIDATION_ERROR', async () => {
      for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 5 }, { name: 'ok', isActive: 'yes' }, { name: 'ok', icon: 'i'.repeat(501) }]) {
        const res = await post(MODULES, body).expect(400);
        expect(res.body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
      }
      const module = await newModule();
      expect((await patch(`${MODULES}/${module.id}`, { name: null }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('reads, updates and lists modules with filters', async () => {
      const t = tag();
      const module = await newModule(`Lister ${t}`);
      expect((await get(`${MODULES}/${module.id}`).expect(200)).body.data).to.deep.equal(module);
      const updated = await patch(`${MODULES}/${module.id}`, { isActive: false, description: 'Off', icon: null }).expect(200);
      expect(updated.body.data).to.include({ isActive: false, description: 'Off', icon: null, slug: module.slug });
      const list = await get(`${MODULES}?search=lister ${t}&isActive=false&size=500`).expect(200);
      expect(list.body).to.include({ count: 1, page: 1, size: 100 });
      expect(list.body.data[0].id).to.equal(module.id);
      expect((await get(`${MODULES}?search=lister ${t}&isActive=true`).expect(200)).body.count).to.equal(0);
      expect((await get(`${MODULES}?sort=slug`).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      // Every QueryDto list refuses control characters in search (NUL would fail in PostgreSQL): 400, not 500.
      for (const path of [MODULES, TIERS]) {
        expect((await get(`${path}?search=a%00b`).expect(400)).body.errorCode, path).to.equal('VALIDATION_ERROR');
      }
    });

    it('answers 404 SUBSCRIPTION_MODULE_NOT_FOUND for unknown or malformed ids', async () => {
      for (const id of [UNKNOWN, 'not-a-uuid', '123']) {
        expect((await get(`${MODULES}/${id}`).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_MODULE_NOT_FOUND');
        expect((await patch(`${MODULES}/${id}`, { name: 'x' }).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_MODULE_NOT_FOUND');
        expect((await del(`${MODULES}/${id}`).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_MODULE_NOT_FOUND');
      }
    });

    it('deletes a module without tiers, and refuses one with tiers or subscriptions (409)', async () => {
      const empty = await newModule();
      const res = await del(`${MODULES}/${empty.id}`).expect(200);
      expect(res.body).to.deep.include({ message: 'Subscription module deleted successfully', data: { id: empty.id } });
      await get(`${MODULES}/${empty.id}`).expect(404);

      const withTier = await newModule();
      await newTier(withTier.id);
      const refused = await del(`${MODULES}/${withTier.id}`).expect(409);
      expect(refused.body.errorCode).to.equal('CONFLICT');
      expect(refused.body.message).to.match(/tiers.*isActive/);

      const catalog = await createSubscriptionCatalog();
      const customer = await createCustomer(api.app.container);
      await createSubscription(customer.id, { planId: catalog.basic.plan.id, moduleId: catalog.module.id }, { startsAt: new Date(), endsAt: new Date(Date.now() + 86_400_000) });
      expect((await del(`${MODULES}/${catalog.module.id}`).expect(409)).body.errorCode).to.equal('CONFLICT');
    });
  });

  describe('tiers', () => {
    it('creates a tier with a slug unique within its module, stable on rename', async () => {
      const [a, b] = [await newModule(), await newModule()];
      const first = (await post(TIERS, { moduleId: a.id, name: 'Premium Plus', description: 'Top', displayOrder: 2 }).expect(201)).body.data;
      expect(first).to.include({ moduleId: a.id, name: 'Premium Plus', slug: 'premium-plus', description: 'Top', displayOrder: 2, parentTierId: null, isActive: true });
      const second = (await post(TIERS, { moduleId: a.id, name: 'premium plus' }).expect(201)).body.data;
      expect(second.slug).to.equal('premium-plus-2');
      const other = (await post(TIERS, { moduleId: b.id, name: 'Premium Plus' }).expect(201)).body.data;
      expect(other.slug).to.equal('premium-plus');
      const renamed = await patch(`${TIERS}/${first.id}`, { name: 'Elite' }).expect(200);
      expect(renamed.body.data).to.include({ name: 'Elite', slug: 'premium-plus' });
    });

    it('checks the module and the parent tier', async () => {
      const module = await newModule();
      expect((await post(TIERS, { moduleId: UNKNOWN, name: 'x' }).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_MODULE_NOT_FOUND');
      expect((await post(TIERS, { moduleId: module.id, name: 'x', parentTierId: UNKNOWN }).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_TIER_NOT_FOUND');
      const foreign = await newTier((await newModule()).id);
      expect((await post(TIERS, { moduleId: module.id, name: 'x', parentTierId: foreign.id }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      const parent = await newTier(module.id);
      const child = await newTier(module.id, { parentTierId: parent.id });
      expect(child.parentTierId).to.equal(parent.id);
      for (const body of [{ moduleId: 'nope', name: 'x' }, { name: 'x' }, { moduleId: module.id }, { moduleId: module.id, name: 'x', displayOrder: 1.5 }]) {
        expect((await post(TIERS, body).expect(400)).body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
      }
    });

    it('refuses a parent cycle and a module change on update (400)', async () => {
      const module = await newModule();
      const a = await newTier(module.id);
      const b = await newTier(module.id, { parentTierId: a.id });
      const c = await newTier(module.id, { parentTierId: b.id });
      expect((await patch(`${TIERS}/${a.id}`, { parentTierId: c.id }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      expect((await patch(`${TIERS}/${a.id}`, { parentTierId: a.id }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      expect((await patch(`${TIERS}/${a.id}`, { moduleId: (await newModule()).id }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      await patch(`${TIERS}/${a.id}`, { moduleId: module.id, displayOrder: 4 }).expect(200);
      const cleared = await patch(`${TIERS}/${c.id}`, { parentTierId: null }).expect(200);
      expect(cleared.body.data.parentTierId).to.equal(null);
      await patch(`${TIERS}/${a.id}`, { parentTierId: c.id }).expect(200);
    });

    it('lists tiers filtered by module', async () => {
      const module = await newModule();
      const tiers = [await newTier(module.id, { displayOrder: 2 }), await newTier(module.id, { displayOrder: 1, isActive: false })];
      const res = await get(`${TIERS}?moduleId=${module.id}&sort=displayOrder&order=asc`).expect(200);
      expect(res.body.data.map((t: { id: string }) => t.id)).to.deep.equal([tiers[1].id, tiers[0].id]);
      expect((await get(`${TIERS}?moduleId=${module.id}&isActive=false`).expect(200)).body.count).to.equal(1);
      expect((await get(`${TIERS}?moduleId=bad`).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('answers 404 SUBSCRIPTION_TIER_NOT_FOUND for unknown or malformed ids', async () => {
      for (const id of [UNKNOWN, 'x']) {
        expect((await get(`${TIERS}/${id}`).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_TIER_NOT_FOUND');
        expect((await patch(`${TIERS}/${id}`, {}).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_TIER_NOT_FOUND');
        expect((await del(`${TIERS}/${id}`).expect(404)).body.errorCode).to.equal('SUBSCRIPTION_TIER_NOT_FOUND');
      }
    });

    it('deletes a bare tier and refuses one with a plan or child tiers (409)', async () => {
      const module = await newModule();
      const parent = await newTier(module.id);
      await newTier(module.id, { parentTierId: parent.id });
      expect((await del(`${TIERS}/${parent.id}`).expect(409)).body.message).to.match(/child tiers.*isActive/);
      const catalog = await createSubscriptionCatalog();
      expect((await del(`${TIERS}/${catalog.premium.tier.id}`).expect(409)).body.errorCode).to.equal('CONFLICT');
      const bare = await newTier(module.id);
      expect((await del(`${TIERS}/${bare.id}`).expect(200)).body.data).to.deep.equal({ id: bare.id });
      expect(await SubscriptionTierModel.count({ where: { id: bare.id } })).to.equal(0);
    });
  });

  it('invalidates the entitlement catalog inside the transaction of every mutation', async () => {
    const entitlements = api.app.container.get(EntitlementService);
    const original = entitlements.invalidateCatalog;
    const calls: unknown[] = [];
    entitlements.invalidateCatalog = (tx) => {
      calls.push(tx);
      return original.call(entitlements, tx);
    };
    try {
      const module = await newModule();
      await patch(`${MODULES}/${module.id}`, { description: 'x' }).expect(200);
      const tier = await newTier(module.id);
      await patch(`${TIERS}/${tier.id}`, { name: 'y' }).expect(200);
      await del(`${TIERS}/${tier.id}`).expect(200);
      await del(`${MODULES}/${module.id}`).expect(200);
    } finally {
      entitlements.invalidateCatalog = original;
    }
    expect(calls).to.have.length(6);
    expect(calls.every((tx) => tx !== undefined)).to.equal(true);
  });
});
