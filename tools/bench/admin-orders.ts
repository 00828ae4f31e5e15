import { createHash, randomUUID } from 'node:crypto';
import express, { Express } from 'express';
import { Pool } from 'pg';
import type { AppConfig } from '@platform/config';
import { ALL_PERMISSIONS, AccessTokenService, adminOrderCountQuery, adminOrderListQuery, AdminOrderSql } from '@platform/domain';
import { listen } from '@platform/http';
import { createCourse } from '@platform/testing';
import type { ContainerInstance } from 'typedi';
import type { RunningApp } from './apps';
import type { Cleanup } from './cleanup';
import type { ScenarioGroup, Target } from './scenarios';
import { readWholeNumber } from './settings';

/**
 * The admin order list on a large orders table: BENCH_ADMIN_ORDER_COUNT orders (default 200,000;
 * 1,000,000 takes about a minute to seed on 2 cores) of BENCH_ADMIN_ORDER_COUNT / 5 customers,
 * generated with INSERT ... SELECT generate_series right before the first of these groups runs
 * (so other BENCH_FILTERs do not pay for it), then VACUUM ANALYZEd.
 *
 * The baselines are bare Express + pg running the very SQL the app runs (adminOrderListQuery,
 * then adminOrderCountQuery when the page is full), with the same rotated queries:
 * - search, a different term on every request (order-number fragments, emails, phones, names):
 *   every request misses the admin cache, so this is the database search plus the app stack;
 *   and the same route with one term, served from the admin order views (ORDER_ADMIN_VIEWS) after the first request;
 * - no search, a different page/sort/order/size on every request (cache misses, a count of every
 *   order per request).
 */
export const ADMIN_ORDER_COUNT_DEFAULT = 200_000;
/** 60 admin lists a minute each: 2,000 admins allow 120,000 a minute. */
const ADMINS = 2_000;
const TERMS = 20_000;
const TOKEN_TTL_SECONDS = 3_600;
const FIRST = ['Aarav', 'Sita', 'Ram', 'Gita', 'Hari', 'Maya', 'Bikash', 'Sunita', 'Prakash', 'Anita'];
const LAST = ['Shrestha', 'Sharma', 'Adhikari', 'Gurung', 'Tamang', 'Thapa', 'Karki', 'Rai', 'Magar', 'Poudel'];

export interface AdminOrdersBench {
  orderCount: number;
  /** Search, and plain pages, each with its baseline; both seed the orders (once) before they run. */
  groups: ScenarioGroup[];
}

export function readAdminOrderCount(env: NodeJS.ProcessEnv = process.env): number {
  return readWholeNumber(env, 'BENCH_ADMIN_ORDER_COUNT', { fallback: ADMIN_ORDER_COUNT_DEFAULT, min: 100, max: 10_000_000 });
}

/** Starts the baseline server and builds the groups; the orders are written by their `prepare`. */
export async function startAdminOrdersBench(
  config: AppConfig,
  adminApi: RunningApp,
  cleanup: Cleanup,
  orderCount = readAdminOrderCount(),
): Promise<AdminOrdersBench> {
  const pool = new Pool({ connectionString: config.db.url, max: config.db.pool.max, application_name: 'platform-bench-admin-orders' });
  cleanup.add('close the admin orders baseline pg pool', () => pool.end());
  const server = await listen(searchBaseline(pool), 0);
  cleanup.add('stop the admin orders baseline', () => server.close(1_000));
  const baseUrl = `http://127.0.0.1:${server.port}`;

  const customers = Math.max(1, Math.floor(orderCount / 5));
  const terms = searchTerms(orderCount, customers);
  const searches = terms.map((term) => `?search=${encodeURIComponent(term)}`);
  const pages = pageQueries(orderCount);
  const tokens = adminTokens(adminApi.app.container);
  const bearer = { authorization: `Bearer ${tokens[0]}` };
  const scale = `${orderCount.toLocaleString('en')} orders of ${customers.toLocaleString('en')} customers`;
  let seeded: Promise<void> | undefined;
  const prepare = () => (seeded ??= seedOrders(pool, orderCount, customers));
  const baseline = (name: string, queries: string[], description: string): Target => ({
    name,
    kind: 'baseline',
    description: `express() + pg.Pool(DB_POOL_MAX) running the app's SQL (adminOrderListQuery, adminOrderCountQuery when the page is full) on ${scale}: ${description}`,
    url: `${baseUrl}/admin/orders${queries[0]}`,
    perRequest: { paths: queries.map((query) => `/admin/orders${query}`) },
  });
  const scenario = (name: string, queries: string[], description: string, rotate = true): Target => ({
    name,
    kind: 'scenario',
    description: `admin JWT, permission, rate limit (Redis), validation, ORDER_ADMIN_VIEWS (Redis), SQL, view mapping, envelope on ${scale}: ${description}`,
    url: `${adminApi.baseUrl}/api/admin/orders${queries[0]}`,
    headers: bearer,
    perRequest: { bearerTokens: tokens, ...(rotate ? { paths: queries.map((query) => `/api/admin/orders${query}`) } : {}) },
  });

  return {
    orderCount,
    groups: [
      {
        prepare,
        baseline: baseline('baseline: express + pg (admin order search)', searches, `${searches.length} distinct search terms rotated`),
        scenarios: [
          scenario(
            'admin-api GET /api/admin/orders?search (a new term per request)',
            searches,
            `${searches.length} distinct terms rotated (order-number fragments, emails, phones, names) so each request misses the cache and ` +
              `searches through the trigram indexes; ${ADMINS} admins rotated`,
          ),
          scenario(
            'admin-api GET /api/admin/orders?search (one term, cached)',
            [searches[3]],
            'one customer-name search, served from the cache after the first request',
            false,
          ),
        ],
      },
      {
        prepare,
        baseline: baseline('baseline: express + pg (admin order pages)', pages, `${pages.length} page/sort/order/size combinations rotated`),
        scenarios: [
          scenario(
            'admin-api GET /api/admin/orders (no search, a new page per request)',
            pages,
            `${pages.length} page/sort/order/size combinations rotated (cache misses): an index walk of orders_created_idx or ` +
              'orders_updated_idx and a count of every order per request',
          ),
        ],
      },
    ],
  };
}

/** Pages 1-250 of each sort, direction and size 20-23: distinct cache keys, offsets below 6,000. */
function pageQueries(orders: number): string[] {
  const pages = Math.max(1, Math.min(250, Math.floor(orders / 23)));
  const queries: string[] = [];
  for (const size of [20, 21, 22, 23]) {
    for (const sort of ['createdAt', 'updatedAt']) {
      for (const order of ['desc', 'asc']) {
        for (let page = 1; page <= pages; page += 1) queries.push(`?page=${page}&size=${size}&sort=${sort}&order=${order}`);
      }
    }
  }
  // Interleaved, so consecutive requests do not walk neighbouring pages.
  return queries.map((query, n) => ({ query, key: (n * 2_654_435_761) % 4_294_967_296 })).sort((a, b) => a.key - b.key).map((q) => q.query);
}

function adminTokens(container: ContainerInstance): string[] {
  const tokens = container.get(AccessTokenService);
  return Array.from({ length: ADMINS }, () => tokens.sign({ kind: 'admin', id: randomUUID(), permissions: [ALL_PERMISSIONS] }, TOKEN_TTL_SECONDS));
}

/** SQL of the seeded rows, mirrored by `searchTerms` (same names, emails, phones, order numbers). */
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`;
const firstName = (n: number) => FIRST[n % FIRST.length];
const lastName = (n: number) => LAST[Math.floor(n / FIRST.length) % LAST.length];
const phoneOf = (n: number) => `98${String((n * 7919) % 100_000_000).padStart(8, '0')}`;
const orderNumberSuffix = (n: number) => `${md5(String(n)).slice(0, 4)}${n.toString(16)}`.toUpperCase();

async function seedOrders(pool: Pool, orders: number, customers: number): Promise<void> {
  const started = Date.now();
  process.stderr.write(`  seeding ${orders.toLocaleString('en')} orders of ${customers.toLocaleString('en')} customers ...\n`);
  const { product } = await createCourse({ title: 'Bench admin orders course', mrpPaisa: 100_000, spPaisa: 80_000 });
  await pool.query(
    `INSERT INTO users (id, email, password_hash, full_name, phone)
     SELECT md5('bench-admin-orders-user-' || n)::uuid, lower(f) || '.' || lower(l) || n || '@example.com', 'x', f || ' ' || l,
            '98' || lpad(((n::bigint * 7919) % 100000000)::text, 8, '0')
     FROM generate_series(1, $1::int) AS g(n),
     LATERAL (SELECT (${sqlArray(FIRST)})[1 + n % ${FIRST.length}] AS f,
                     (${sqlArray(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}] AS l) AS names`,
    [customers],
  );
  // One line per order, written by the same statement (so orders other scenarios create get none).
  await pool.query(
    `WITH seeded AS (
       INSERT INTO orders (order_number, user_id, type, source, status, refund_status, mrp_total_paisa, subtotal_paisa,
         total_paisa, gateway, paid_at, cancelled_at, refund_reason, refund_requested_at, refund_processed_at, created_at, updated_at)
       SELECT 'ORD-' || to_char(at, 'YYYYMMDD') || '-' || upper(substr(md5(n::text), 1, 4)) || upper(to_hex(n)),
              md5('bench-admin-orders-user-' || (1 + n % $2::int))::uuid, 'digital', CASE WHEN n % 2 = 0 THEN 'checkout' ELSE 'buy_now' END,
              st, CASE WHEN st LIKE 'refund_%' THEN substr(st, 8) END, 100000, 80000, 80000,
              CASE WHEN n % 2 = 0 THEN 'esewa' ELSE 'khalti' END,
              CASE WHEN st IN ('paid', 'refund_requested', 'refund_approved') THEN at END,
              CASE WHEN st = 'cancelled' THEN at END,
              CASE WHEN st LIKE 'refund_%' THEN 'bench refund' END,
              CASE WHEN st LIKE 'refund_%' THEN at END,
              CASE WHEN st = 'refund_approved' THEN at END,
              at, at
       FROM generate_series(1, $1::int) AS g(n),
       LATERAL (SELECT (ARRAY['payment_pending', 'paid', 'paid', 'paid', 'payment_failed', 'cancelled', 'refund_requested',
                              'refund_approved'])[1 + n % 8] AS st,
                       timestamptz '2025-01-01' + n * interval '20 seconds' AS at) AS s
       RETURNING id)
     INSERT INTO order_items (order_id, product_id, product_type, title, unit_mrp_paisa, unit_sp_paisa, quantity, discount_paisa, line_total_paisa)
     SELECT id, $3::int, 'course', 'Bench admin orders course', 100000, 80000, 1, 0, 80000 FROM seeded`,
    [orders, customers, product.id],
  );
  await pool.query('VACUUM ANALYZE users, orders, order_items');
  process.stderr.write(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/**
 * TERMS distinct searches an admin might type, in turn: a fragment of an order number, of an
 * email, of a phone, and a full name (which matches about 1 customer in 100, so its result fills
 * pages and is counted). There are only 100 full names, so each is typed in a different mix of
 * upper and lower case: the same database work, but a different cache key (the search is case-
 * insensitive, the cache key is the text as typed), so no request of the rotation hits the cache.
 */
function searchTerms(orders: number, customers: number): string[] {
  const pick = (i: number, range: number) => 1 + ((i * 2_654_435_761) % range);
  const mixedCase = (text: string, mask: number) =>
    Array.from(text, (char, k) => ((mask >> (k % 24)) & 1 ? char.toUpperCase() : char.toLowerCase())).join('');
  const terms = new Set<string>();
  for (let i = 0; terms.size < TERMS && i < 10 * TERMS; i += 1) {
    const user = pick(i, customers);
    switch (i % 4) {
      case 0:
        terms.add(orderNumberSuffix(pick(i, orders)).slice(-6).toLowerCase());
        break;
      case 1:
        terms.add(`${firstName(user).toLowerCase()}.${lastName(user).toLowerCase()}${user}@`);
        break;
      case 2:
        terms.add(phoneOf(user).slice(2, 9));
        break;
      default:
        terms.add(mixedCase(`${firstName(user)} ${lastName(user)}`, i));
    }
  }
  return [...terms];
}

/** `:name` placeholders (sequelize replacements) as `$n` for pg; `::type` casts are left alone. */
function positional(query: AdminOrderSql): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const text = query.sql.replace(/(?<!:):([A-Za-z]\w*)/g, (_match, name: string) => {
    values.push(query.replacements[name]);
    return `$${values.length}`;
  });
  return { text, values };
}

/** The same SQL without the app stack: no JWT, no validation, no cache, no view mapping. */
function searchBaseline(pool: Pool): Express {
  const app = express();
  app.get('/admin/orders', async (req, res, next) => {
    try {
      const text = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined);
      const search = text('search')?.trim() || undefined;
      const page = Math.max(1, Number(text('page') ?? 1) || 1);
      const size = Math.min(100, Math.max(1, Number(text('size') ?? 20) || 20));
      const sort = text('sort') === 'updatedAt' ? 'updatedAt' : 'createdAt';
      const order = text('order') === 'asc' ? 'asc' : 'desc';
      const filter = { search };
      const list = positional(adminOrderListQuery(filter, { sort, order, limit: size, offset: (page - 1) * size }));
      const { rows } = await pool.query(list.text, list.values);
      let count = (page - 1) * size + rows.length;
      if (rows.length === size) {
        const counted = positional(adminOrderCountQuery(filter));
        count = (await pool.query(counted.text, counted.values)).rows[0].count;
      }
      res.json({ message: 'Success', data: rows, count, page, size });
    } catch (error) {
      next(error);
    }
  });
  return app;
}
