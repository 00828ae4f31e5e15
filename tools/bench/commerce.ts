import { randomUUID } from 'node:crypto';
import type { ContainerInstance } from 'typedi';
import { OrderItemModel, OrderModel, UserModel } from '@platform/db';
import { AccessTokenService } from '@platform/domain';
import { createCart, createCourse, createOrder } from '@platform/testing';

/** The customers and products the cart, orders and buy-now scenarios run against. */
export interface CommerceFixtures {
  /** A customer whose active cart holds two published courses. */
  cartToken: string;
  /** Tokens of ORDER_CUSTOMERS customers with ORDER_COUNT orders (two lines each), rotated per request (60 lists a minute each). */
  ordersTokens: string[];
  /** The ids of those customers, in the same order (the express + pg baselines take the id as bearer value). */
  ordersCustomerIds: string[];
  /** A published, sellable course for buy-now. */
  buyNowProductId: number;
  /** Tokens of BUY_NOW_CUSTOMERS customers, rotated per request (buy-now allows 10 a minute per customer). */
  buyNowTokens: string[];
}

export const ORDER_COUNT = 20;
/** 10 buy-nows a minute each: 2,000 customers allow 20,000 orders a minute, far above what 2 cores place. */
export const BUY_NOW_CUSTOMERS = 2_000;
/** 60 order lists a minute each: 2,000 customers allow 120,000 a minute (the cached and the uncached scenario share them). */
export const ORDER_CUSTOMERS = 2_000;
const TOKEN_TTL_SECONDS = 3_600;

/**
 * Rows written straight to the database with @platform/testing's factories (the routes under
 * test read them; the use cases that would write them are not what is measured). The buy-now
 * customers are bare `users` rows (no argon2 per customer): their tokens are signed directly.
 */
export async function createCommerceFixtures(container: ContainerInstance): Promise<CommerceFixtures> {
  const tokens = container.get(AccessTokenService);
  const sign = (id: string) => tokens.sign({ kind: 'customer', id }, TOKEN_TTL_SECONDS);
  const [first, second] = [await createCourse({ title: 'Bench course A' }), await createCourse({ title: 'Bench course B' })];
  const products = [first.product, second.product];

  const users = await UserModel.bulkCreate(
    Array.from({ length: BUY_NOW_CUSTOMERS + ORDER_CUSTOMERS + 1 }, (_, n) => ({
      id: randomUUID(),
      email: `bench-commerce-${n}@example.com`,
      passwordHash: 'not-a-hash: these customers never log in',
      fullName: `Bench Commerce ${n}`,
    })),
  );
  const [cartUser, ...rest] = users;
  const orderUsers = rest.slice(0, ORDER_CUSTOMERS);
  const buyers = rest.slice(ORDER_CUSTOMERS);
  await createCart(cartUser.id, products);
  await createOrdersFor(orderUsers.map((user) => user.id), products);

  return {
    cartToken: sign(cartUser.id),
    ordersTokens: orderUsers.map((user) => sign(user.id)),
    ordersCustomerIds: orderUsers.map((user) => user.id),
    buyNowProductId: first.product.id,
    buyNowTokens: buyers.map((user) => sign(user.id)),
  };
}

/** ORDER_COUNT orders through createOrder for the first customer, then copies of them (bulk inserts) for the others. */
async function createOrdersFor(userIds: string[], products: Parameters<typeof createOrder>[1]): Promise<void> {
  const [first, ...others] = userIds;
  const templates: OrderModel[] = [];
  for (let n = 0; n < ORDER_COUNT; n++) templates.push(await createOrder(first, products, { status: n % 2 ? 'paid' : 'payment_pending' }));
  const items = await OrderItemModel.findAll({ where: { orderId: templates.map((order) => order.id) }, raw: true });
  const strip = <T extends object>(row: T) => {
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = row as T & { id?: unknown; createdAt?: unknown; updatedAt?: unknown };
    return copy;
  };
  for (const [u, userId] of others.entries()) {
    const orders = await OrderModel.bulkCreate(
      templates.map((order, n) => ({ ...strip(order.get({ plain: true })), userId, orderNumber: `BENCH-${u}-${n}` })),
    );
    await OrderItemModel.bulkCreate(
      orders.flatMap((order, n) => items.filter((item) => item.orderId === templates[n].id).map((item) => ({ ...strip(item), orderId: order.id }))),
    );
  }
}
