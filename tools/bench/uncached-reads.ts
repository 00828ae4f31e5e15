import { askOnce } from './ask-once';
import { randomUUID } from 'node:crypto';
import { UserModel } from '@platform/db';
import { AccessTokenService } from '@platform/domain';
import type { Redis } from '@platform/redis';
import { createCart, createCourse } from '@platform/testing';
import type { PageReadBaselines } from './baselines';
import type { CommerceFixtures } from './commerce';
import { ORDER_COUNT, ORDER_CUSTOMERS } from './commerce';
import type { ScenarioGroup, Target } from './scenarios';
import type { UncachedCustomerApi } from './uncached-customer-api';
import {
  noCachedViewsCheck,
  PageReadExpectations,
  sameAnswerCheck,
  uncachedCartCheck,
  uncachedOrdersCheck,
} from './uncached-read-answers';

/**
 * Issue 25: uncached DB-bound page reads, ≥ 0.7× express + pg doing comparable SQL. The cached
 * GET /api/orders and GET /api/cart (scenarios.ts) are served by customer-api with its versioned
 * caches on; here a second customer-api with them off (uncached-customer-api.ts) serves the same
 * routes, each beside express + pg running the SQL the app's load runs (page-read-baselines.ts).
 * After its run a group checks that the app cached nothing and that the app and the baseline
 * answer the same body: a failed check fails the run.
 */
/** Customers whose carts the cart scenario rotates: one customer would queue every request on its cart's row lock. */
export const UNCACHED_CART_CUSTOMERS = 200;
const ORDERS_PAGE_SIZE = 20;
const LINES_PER_ORDER = 2;
const CART_LINES = 2;
const TOKEN_TTL_SECONDS = 3_600;

export interface UncachedReadsBench {
  groups: ScenarioGroup[];
}

export function startUncachedReadsBench(
  uncached: UncachedCustomerApi,
  redis: Redis,
  baselines: PageReadBaselines,
  commerce: CommerceFixtures,
): UncachedReadsBench {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const expected: PageReadExpectations = {
    orders: ORDER_COUNT,
    ordersPageSize: ORDERS_PAGE_SIZE,
    linesPerOrder: LINES_PER_ORDER,
    cartLines: CART_LINES,
  };

  const ordersBaseline: Target = {
    name: 'baseline: express + pg (orders page SQL)',
    kind: 'baseline',
    description:
      `express() + pg.Pool(DB_POOL_MAX), user id as bearer value: a page of ${ORDERS_PAGE_SIZE} of the caller's orders and their count (in parallel), ` +
      `then the lines per order (one GROUP BY), as {message, data, count, page, size}; the ${ORDER_CUSTOMERS} orders customers rotated`,
    url: baselines.expressPgOrdersPageUrl,
    headers: bearer(commerce.ordersCustomerIds[0]),
    perRequest: { bearerTokens: commerce.ordersCustomerIds },
  };
  const orders: Target = {
    name: 'customer-api GET /api/orders (cache disabled)',
    kind: 'scenario',
    description:
      `as customer-api GET /api/orders, served by a customer-api whose versioned caches always load: customer JWT, user check, ` +
      `rate limit (Redis), first page of the customer's ${ORDER_COUNT} orders, count, lines per order (sequelize) and envelope; ` +
      `tokens of the same ${ORDER_CUSTOMERS} customers rotated`,
    url: `${uncached.baseUrl}/api/orders`,
    headers: bearer(commerce.ordersTokens[0]),
    perRequest: { bearerTokens: commerce.ordersTokens },
  };
  const ordersGroup: ScenarioGroup = {
    baseline: ordersBaseline,
    scenarios: [orders],
    // Views another group's app cached would hide one this app cached (a hit writes nothing).
    prepare: () => deleteCachedViews(redis, 'orders:history'),
    verify: async () => {
      // The customer after the pre-flight one, in both targets: the app's answer and the baseline's for one customer.
      const [app, baseline] = [await ask(orders, commerce.ordersTokens[1]), await ask(ordersBaseline, commerce.ordersCustomerIds[1])];
      return [
        noCachedViewsCheck('orders', await findCachedViews(redis, 'orders:history')),
        uncachedOrdersCheck(app, expected),
        sameAnswerCheck('orders', app, baseline),
      ];
    },
  };

  const cartBaseline: Target = {
    name: 'baseline: express + pg (cart SQL)',
    kind: 'baseline',
    description:
      "express() + pg.Pool(DB_POOL_MAX), user id as bearer value: the caller's active cart row, then its lines joined with their products, " +
      `and totals; ${UNCACHED_CART_CUSTOMERS} customers with ${CART_LINES} course lines rotated`,
    url: baselines.expressPgCartUrl,
  };
  const cart: Target = {
    name: 'customer-api GET /api/cart (cache disabled)',
    kind: 'scenario',
    description:
      'as customer-api GET /api/cart, served by a customer-api whose versioned caches always load: customer JWT, user check, ' +
      `in one transaction the active cart locked (SELECT ... FOR UPDATE) and its ${CART_LINES} lines with products (sequelize), and envelope; ` +
      `${UNCACHED_CART_CUSTOMERS} customers rotated`,
    url: `${uncached.baseUrl}/api/cart`,
  };
  let cartCustomers: Promise<Array<{ id: string; token: string }>> | undefined;
  const cartGroup: ScenarioGroup = {
    baseline: cartBaseline,
    scenarios: [cart],
    prepare: async () => {
      cartCustomers ??= writeCarts(uncached);
      const customers = await cartCustomers;
      Object.assign(cartBaseline, {
        headers: bearer(customers[0].id),
        perRequest: { bearerTokens: customers.map((customer) => customer.id) },
      } satisfies Partial<Target>);
      Object.assign(cart, {
        headers: bearer(customers[0].token),
        perRequest: { bearerTokens: customers.map((customer) => customer.token) },
      } satisfies Partial<Target>);
      await deleteCachedViews(redis, 'cart');
    },
    verify: async () => {
      if (!cartCustomers) return [];
      const [, customer] = await cartCustomers;
      const [app, baseline] = [await ask(cart, customer.token), await ask(cartBaseline, customer.id)];
      return [
        noCachedViewsCheck('cart', await findCachedViews(redis, 'cart')),
        uncachedCartCheck(app, expected),
        sameAnswerCheck('cart', app, baseline),
      ];
    },
  };

  return { groups: [ordersGroup, cartGroup] };
}

/** UNCACHED_CART_CUSTOMERS bare `users` rows, each with an active cart of the same two published courses; their ids and tokens. */
async function writeCarts(uncached: UncachedCustomerApi): Promise<Array<{ id: string; token: string }>> {
  const courses = [await createCourse({ title: 'Bench uncached cart course A' }), await createCourse({ title: 'Bench uncached cart course B' })];
  const users = await UserModel.bulkCreate(
    Array.from({ length: UNCACHED_CART_CUSTOMERS }, (_, n) => ({
      id: randomUUID(),
      email: `bench-uncached-cart-${n}@example.com`,
      passwordHash: 'not-a-hash: these customers never log in',
      fullName: `Bench Uncached Cart ${n}`,
    })),
  );
  for (const user of users) await createCart(user.id, courses.map((course) => course.product));
  const tokens = uncached.app.container.get(AccessTokenService);
  return users.map((user) => ({ id: user.id, token: tokens.sign({ kind: 'customer', id: user.id }, TOKEN_TTL_SECONDS) }));
}

/**
 * The stored views (`cache:<namespace>:<owner>:<view>@<versions>`, not the version numbers) of a
 * VersionedViews namespace under the bench's Redis prefix, without that prefix.
 */
async function findCachedViews(redis: Redis, namespace: string): Promise<string[]> {
  const prefix = redis.options.keyPrefix ?? '';
  const escaped = `${prefix}cache:${namespace}:`.replace(/[*?[\]\\]/g, '\\$&');
  const found: string[] = [];
  // SCAN's pattern is not prefixed by ioredis; the keys it returns carry the prefix.
  for await (const keys of redis.scanStream({ match: `${escaped}*@*`, count: 500 })) {
    found.push(...(keys as string[]).map((key) => key.slice(prefix.length)));
  }
  return found;
}

async function deleteCachedViews(redis: Redis, namespace: string): Promise<void> {
  const keys = await findCachedViews(redis, namespace);
  if (keys.length > 0) await redis.unlink(...keys);
}

/** One request as `token`, after the run. */
const ask = (target: Target, token: string) => askOnce(target.url, { authorization: `Bearer ${token}` });
