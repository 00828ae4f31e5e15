import type { Express, Request } from 'express';
import type { Pool } from 'pg';
import { orderPaymentStatus } from '@platform/domain';

/** The first page of GET /api/orders (customer-api's defaults: createdAt desc, 20 a page). */
const ORDERS_PAGE_SIZE = 20;

/** The user id is the bearer value, unverified (as the heartbeat baseline): no token, no user check, no rate limit. */
const bearerUserId = (req: Request) => /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];

/**
 * The SQL an uncached page read of customer-api needs, with the raw pg pool and nothing else, for
 * the "cache disabled" group (uncached-reads.ts):
 * - `GET /orders-page`: what CustomerOrdersService.loadList reads for the first page of
 *   GET /api/orders: the page of the caller's orders, their count and the lines per order, as
 *   `{message, data, count, page, size}`.
 * - `GET /cart`: what GetCartUseCase loads for GET /api/cart: the caller's active cart row and its
 *   lines joined with their products (two plain reads; the app also opens a transaction and locks
 *   the cart row, since its read may replace an expired cart or re-price a code).
 */
export function mountPageReadBaselines(app: Express, pool: Pool): void {
  app.get('/orders-page', async (req, res, next) => {
    try {
      const userId = bearerUserId(req);
      const [page, total] = await Promise.all([
        pool.query(
          'SELECT id, order_number AS "orderNumber", type, source, status, total_paisa AS "orderTotalPaisa", ' +
            'discount_paisa AS "discountPaisa", created_at AS "createdAt", updated_at AS "updatedAt" ' +
            'FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
          [userId, ORDERS_PAGE_SIZE],
        ),
        pool.query('SELECT count(*)::int AS count FROM orders WHERE user_id = $1', [userId]),
      ]);
      const ids = page.rows.map((order) => order.id as number);
      const lines = await pool.query(
        'SELECT order_id AS "orderId", count(*)::int AS count FROM order_items WHERE order_id = ANY($1) GROUP BY order_id',
        [ids],
      );
      const lineCounts = new Map(lines.rows.map((row) => [row.orderId as number, row.count as number]));
      const data = page.rows.map((order) => ({
        id: order.id,
        orderNumber: order.orderNumber,
        type: order.type,
        source: order.source,
        status: order.status,
        paymentStatus: orderPaymentStatus(order.status),
        orderTotalPaisa: order.orderTotalPaisa,
        discountPaisa: order.discountPaisa,
        itemCount: lineCounts.get(order.id) ?? 0,
        createdAt: order.createdAt,
        updatedAt: order.updatedAt,
      }));
      res.json({ message: 'Success', data, count: total.rows[0].count, page: 1, size: ORDERS_PAGE_SIZE });
    } catch (error) {
      next(error);
    }
  });

  app.get('/cart', async (req, res, next) => {
    try {
      const found = await pool.query(
        'SELECT id, status, applied_promotion_id AS "appliedPromotionId", applied_promotion_code AS "appliedPromotionCode", ' +
          'applied_discount_paisa AS "appliedDiscount", expires_at AS "expiresAt" ' +
          "FROM carts WHERE user_id = $1 AND status = 'active'",
        [bearerUserId(req)],
      );
      if (!found.rowCount) return void res.status(404).json({ message: 'No active cart' });
      const cart = found.rows[0];
      const items = await pool.query(
        'SELECT i.id, i.product_id AS "productId", i.product_type AS "productType", p.title, p.slug, ' +
          'i.unit_mrp_paisa AS "unitMrp", i.unit_sp_paisa AS "unitSp", i.quantity ' +
          'FROM cart_items i JOIN products p ON p.id = i.product_id WHERE i.cart_id = $1 ORDER BY i.id',
        [cart.id],
      );
      const totalMrp = items.rows.reduce((sum, item) => sum + item.unitMrp * item.quantity, 0);
      const totalSp = items.rows.reduce((sum, item) => sum + item.unitSp * item.quantity, 0);
      const appliedDiscount = Math.min(Math.max(cart.appliedDiscount, 0), totalSp);
      res.json({
        message: 'Success',
        data: {
          id: cart.id,
          status: cart.status,
          items: items.rows,
          totalMrp,
          totalSp,
          appliedPromotionId: cart.appliedPromotionId,
          appliedPromotionCode: cart.appliedPromotionCode,
          appliedDiscount,
          payable: totalSp - appliedDiscount,
          expiresAt: cart.expiresAt,
        },
      });
    } catch (error) {
      next(error);
    }
  });
}
