import { expect } from 'chai';
import { createCustomerApi } from '../../apps/customer-api/src/customer-api';
import { listen, RunningServer } from '@platform/http';
import { adminToken, createCustomer, sharedInfrastructure } from '@platform/testing';
import type { RunningApp } from './apps';
import type { Baselines } from './baselines';
import { HotReadExpectations, notificationsCheck, storefrontDetailCheck, storefrontListCheck, subscriptionAccessCheck } from './hot-read-answers';
import { NOTIFICATION_CUSTOMERS, startHotReadsBench } from './hot-reads';
import { filterPlan, ScenarioGroup } from './scenarios';

/** Issue 25's hot-read bench groups: what BENCH_FILTER selects, and that their targets answer what they claim to measure. */
describe('hot-reads bench: storefront, notifications and subscription access', () => {
  const baselines: Baselines = {
    bareExpressUrl: 'http://127.0.0.1:1/healthz',
    expressPgUrl: (userId) => `http://127.0.0.1:1/users/${userId}`,
    expressPgInsertUrl: 'http://127.0.0.1:1/orders',
    expressPgHeartbeatUrl: () => 'http://127.0.0.1:1/heartbeat',
  };
  const names = (groups: ScenarioGroup[]) => groups.map((group) => [group.baseline.name, ...group.scenarios.map((s) => s.name)]);
  let server: RunningServer;
  let groups: ScenarioGroup[];

  before(async () => {
    const app = createCustomerApi(await sharedInfrastructure());
    server = await listen(app.express, 0, '127.0.0.1');
    const customerApi: RunningApp = { name: 'customer-api', app, baseUrl: `http://127.0.0.1:${server.port}` };
    const customer = await createCustomer(app.container);
    groups = startHotReadsBench(customerApi, baselines, {
      customerId: customer.id,
      customerToken: customer.accessToken,
      adminToken: adminToken(app.container, []),
    }).groups;
  });

  after(() => server?.close(1_000));

  it('is selected by BENCH_FILTER group by group, each with its express + pg baseline', () => {
    expect(names(filterPlan(groups, 'storefront'))).to.deep.equal([
      ['baseline: express + pg (storefront)', 'customer-api GET /api/courses (storefront list)', 'customer-api GET /api/courses/:slug (storefront detail)'],
    ]);
    expect(names(filterPlan(groups, 'GET /api/notifications, subscriptions/access'))).to.deep.equal([
      ['baseline: express + pg (notifications)', 'customer-api GET /api/notifications'],
      ['baseline: express + pg (subscription access)', 'customer-api GET /api/subscriptions/access'],
    ]);
  });

  it('writes its rows in prepare, then every target answers 200 with them and every check passes', async function () {
    this.timeout(60_000);
    const checks = [];
    for (const group of groups) {
      await group.prepare?.();
      for (const target of group.scenarios) {
        const res = await fetch(target.url, { headers: target.headers });
        expect(res.status, target.name).to.equal(200);
      }
      checks.push(...((await group.verify?.([])) ?? []));
    }
    expect(checks.map((check) => check.name)).to.deep.equal([
      'storefront list: a full first page of the published courses',
      'storefront detail: the course with its outline',
      "notifications: the first page of the customer's inbox",
      'subscription access: the live subscription, active',
    ]);
    expect(checks.filter((check) => !check.ok)).to.deep.equal([]);
    expect(checks[0].detail).to.match(/^20 cards of \d+$/);
    expect(checks[1].detail).to.match(/^slug \S+, 2 topics$/);
    expect(checks[2].detail).to.equal('20 rows, count 50, unreadCount 25');
    expect(checks[3].detail).to.equal('1 rows, active, isActive true');
    const notifications = groups[1].scenarios[0];
    expect(notifications.perRequest?.bearerTokens).to.have.length(NOTIFICATION_CUSTOMERS);
    // A rotated customer sees an inbox of its own, as full as the bench customer's.
    const rotated = await fetch(notifications.url, { headers: { authorization: `Bearer ${notifications.perRequest?.bearerTokens?.[7]}` } });
    expect(notificationsCheck({ status: rotated.status, body: await rotated.json() }, expectations).ok).to.equal(true);
  });

  const expectations: HotReadExpectations = {
    minCourses: 3,
    pageSize: 20,
    detailSlug: 'a-course',
    detailTopics: 2,
    notifications: 50,
    unreadNotifications: 25,
    subscriptionId: 'sub-1',
  };

  it('fails an answer that is not 200 or does not hold what prepare wrote (a cheap wrong answer would pass the load)', () => {
    const page = (count: number, rows: number) => ({ data: Array(rows).fill({}), count });
    expect(storefrontListCheck({ status: 200, body: page(3, 3) }, expectations).ok).to.equal(true);
    expect(storefrontListCheck({ status: 200, body: page(0, 0) }, expectations).ok).to.equal(false);
    expect(storefrontListCheck({ status: 500, body: page(3, 3) }, expectations)).to.deep.include({ ok: false, detail: 'status 500: 3 cards of 3' });

    const course = (slug: string, topics: number) => ({ data: { slug, topics: Array(topics).fill({}) } });
    expect(storefrontDetailCheck({ status: 200, body: course('a-course', 2) }, expectations).ok).to.equal(true);
    expect(storefrontDetailCheck({ status: 200, body: course('other', 2) }, expectations).ok).to.equal(false);
    expect(storefrontDetailCheck({ status: 404, body: { errorCode: 'COURSE_NOT_FOUND' } }, expectations).ok).to.equal(false);

    const inbox = (count: number, unreadCount: number) => ({ data: Array(Math.min(count, 20)).fill({}), count, unreadCount });
    expect(notificationsCheck({ status: 200, body: inbox(50, 25) }, expectations).ok).to.equal(true);
    expect(notificationsCheck({ status: 200, body: inbox(0, 0) }, expectations).ok).to.equal(false);
    expect(notificationsCheck({ status: 429, body: { errorCode: 'RATE_LIMIT_EXCEEDED' } }, expectations).ok).to.equal(false);

    const rows = (...list: object[]) => ({ data: list });
    expect(subscriptionAccessCheck({ status: 200, body: rows({ subscriptionId: 'sub-1', status: 'active', isActive: true }) }, expectations).ok).to.equal(true);
    expect(subscriptionAccessCheck({ status: 200, body: rows({ subscriptionId: 'sub-1', status: 'expired', isActive: false }) }, expectations).ok).to.equal(false);
    expect(subscriptionAccessCheck({ status: 200, body: rows() }, expectations)).to.deep.include({ ok: false, detail: '0 rows' });
    expect(subscriptionAccessCheck({ status: 401, body: 'Unauthorized' }, expectations).ok).to.equal(false);
  });
});
