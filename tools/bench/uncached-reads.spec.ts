import { expect } from 'chai';
import { createCustomerApi } from '../../apps/customer-api/src/customer-api';
import { VersionedCaches } from '@platform/domain';
import { listen } from '@platform/http';
import type { Infrastructure } from '@platform/runtime';
import { createCourse, createCustomer, createOrder, sharedInfrastructure } from '@platform/testing';
import { startBaselines } from './baselines';
import { Cleanup } from './cleanup';
import { CommerceFixtures, ORDER_COUNT } from './commerce';
import { BenchCheck, filterPlan, ScenarioGroup } from './scenarios';
import { disableVersionedCaches, startUncachedCustomerApi, UncachedCustomerApi, UncachedVersionedCaches } from './uncached-customer-api';
import { noCachedViewsCheck, PageReadExpectations, sameAnswerCheck, uncachedCartCheck, uncachedOrdersCheck } from './uncached-read-answers';
import { startUncachedReadsBench, UNCACHED_CART_CUSTOMERS } from './uncached-reads';

/** Issue 25's "cache disabled" bench groups: what BENCH_FILTER selects, and that their checks tell a cached app from an uncached one. */
describe('uncached-reads bench: GET /api/orders and GET /api/cart with the cache disabled', () => {
  const cleanup = new Cleanup();
  const names = (groups: ScenarioGroup[]) => groups.map((group) => [group.baseline.name, ...group.scenarios.map((s) => s.name)]);
  let infra: Infrastructure;
  let commerce: CommerceFixtures;
  let groupsOver: (app: UncachedCustomerApi) => Promise<ScenarioGroup[]>;

  /** prepare, one request per target (as the pre-flight does), then verify. */
  const run = async (group: ScenarioGroup): Promise<BenchCheck[]> => {
    await group.prepare?.();
    for (const target of [group.baseline, ...group.scenarios]) {
      const res = await fetch(target.url, { headers: target.headers });
      expect(res.status, target.name).to.equal(200);
    }
    return (await group.verify?.([])) ?? [];
  };

  before(async function () {
    this.timeout(60_000);
    infra = await sharedInfrastructure();
    const baselines = await startBaselines(infra.config, cleanup);
    const { product: first } = await createCourse();
    const { product: second } = await createCourse();
    const container = createCustomerApi(infra).container;
    const customers = [];
    for (let n = 0; n < 2; n++) {
      const customer = await createCustomer(container);
      for (let order = 0; order < ORDER_COUNT; order++) await createOrder(customer.id, [first, second]);
      customers.push(customer);
    }
    commerce = {
      cartToken: 'unused',
      ordersTokens: customers.map((customer) => customer.accessToken),
      ordersCustomerIds: customers.map((customer) => customer.id),
      buyNowProductId: 0,
      buyNowTokens: [],
    };
    groupsOver = async (app) => startUncachedReadsBench(app, infra.redis, baselines, commerce).groups;
  });

  after(() => cleanup.run());

  it('is selected by BENCH_FILTER "cache disabled", each route beside express + pg doing its SQL', async () => {
    const groups = await groupsOver(await startUncachedCustomerApi(infra, cleanup));
    expect(names(filterPlan(groups, 'cache disabled'))).to.deep.equal([
      ['baseline: express + pg (orders page SQL)', 'customer-api GET /api/orders (cache disabled)'],
      ['baseline: express + pg (cart SQL)', 'customer-api GET /api/cart (cache disabled)'],
    ]);
  });

  it('passes every check over the uncached app: nothing cached, full answers, the baselines answering the same bodies', async function () {
    this.timeout(60_000);
    const [orders, cart] = await groupsOver(await startUncachedCustomerApi(infra, cleanup));
    const checks = [...(await run(orders)), ...(await run(cart))];
    expect(checks.filter((check) => !check.ok)).to.deep.equal([]);
    expect(checks.map((check) => `${check.name}: ${check.detail}`)).to.deep.equal([
      'orders (cache disabled): the app cached no view: no view keys in Redis',
      "orders (cache disabled): a full first page of the customer's orders: 20 orders (20 list items with 2 lines), count 20",
      'orders (cache disabled): the baseline answers what the app answers: equal bodies',
      'cart (cache disabled): the app cached no view: no view keys in Redis',
      "cart (cache disabled): the customer's cart with its lines: 2 lines",
      'cart (cache disabled): the baseline answers what the app answers: equal bodies',
    ]);
    expect(cart.scenarios[0].perRequest?.bearerTokens).to.have.length(UNCACHED_CART_CUSTOMERS);
  });

  it('fails the no-cached-view check when the app serving the scenario caches (its VersionedCaches left on)', async function () {
    this.timeout(30_000);
    const cached = createCustomerApi(infra);
    const server = await listen(cached.express, 0, '127.0.0.1');
    cleanup.add('stop the cached customer-api', () => server.close(1_000));
    const [orders] = await groupsOver({ name: 'cached', app: cached, baseUrl: `http://127.0.0.1:${server.port}`, caches: new UncachedVersionedCaches() });
    const [noViews] = await run(orders);
    expect(noViews).to.deep.include({ name: 'orders (cache disabled): the app cached no view', ok: false });
  });

  it('refuses to disable the caches of a container that already built its VersionedCaches', () => {
    const container = createCustomerApi(infra).container;
    container.get(VersionedCaches);
    expect(() => disableVersionedCaches(container)).to.throw('VersionedCaches was resolved before the bench could disable it');
  });

  it('fails an answer that is not a full page or that the baseline does not match', () => {
    const expected: PageReadExpectations = { orders: 20, ordersPageSize: 20, linesPerOrder: 2, cartLines: 2 };
    const item = (itemCount: number) => ({
      id: 1,
      orderNumber: 'A',
      type: 'digital',
      source: 'web',
      status: 'paid',
      paymentStatus: 'completed',
      orderTotalPaisa: 1,
      discountPaisa: 0,
      itemCount,
      createdAt: 'x',
      updatedAt: 'x',
    });
    const page = (rows: object[], count = 20) => ({ status: 200, body: { message: 'Success', data: rows, count, page: 1, size: 20 } });
    expect(uncachedOrdersCheck(page(Array(20).fill(item(2))), expected).ok).to.equal(true);
    expect(uncachedOrdersCheck(page(Array(20).fill(item(0))), expected).ok).to.equal(false);
    expect(uncachedOrdersCheck(page([], 0), expected).ok).to.equal(false);
    expect(uncachedOrdersCheck({ status: 429, body: { errorCode: 'RATE_LIMIT_EXCEEDED' } }, expected).detail).to.match(/^status 429: 0 orders/);

    expect(uncachedCartCheck({ status: 200, body: { data: { items: [{}, {}] } } }, expected).ok).to.equal(true);
    expect(uncachedCartCheck({ status: 200, body: { data: { items: [] } } }, expected).ok).to.equal(false);

    expect(sameAnswerCheck('orders', page([item(2)]), page([item(2)])).ok).to.equal(true);
    expect(sameAnswerCheck('orders', page([item(2)]), page([item(1)]))).to.deep.include({ ok: false, detail: 'app 200, baseline 200, bodies differ' });
    expect(sameAnswerCheck('orders', page([item(2)]), { status: 500, body: {} }).ok).to.equal(false);

    expect(noCachedViewsCheck('cart', ['cache:cart:u:view:json@1'])).to.deep.include({ ok: false, detail: '1 view keys, e.g. cache:cart:u:view:json@1' });
  });
});
