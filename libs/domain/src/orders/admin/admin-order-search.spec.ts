import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database, Transaction } from '@platform/db';
import { testContainer } from '@platform/testing';
import { adminOrderCountQuery, adminOrderListQuery, AdminOrderFilter, AdminOrderSql } from './admin-order-list.sql';

const USERS = 20_000;
const ORDERS = 60_000;

/**
 * The admin search must stay fast on a large orders table (the bench seeds 200,000 to 1,000,000
 * orders): its plan must come from the trigram indexes of migration 0006, never from scanning
 * every order or customer. USERS customers and ORDERS orders are generated in SQL and ANALYZEd
 * inside one transaction that is rolled back at the end, so other specs never see them.
 */
describe('admin order search plan', () => {
  let db: Database;
  let tx: Transaction;

  const run = (sql: string, replacements: Record<string, unknown> = {}) => db.sequelize.query(sql, { replacements, transaction: tx });
  const explain = async (query: AdminOrderSql): Promise<string> => {
    const [rows] = await run(`EXPLAIN ${query.sql}`, query.replacements);
    return (rows as Array<{ 'QUERY PLAN': string }>).map((row) => row['QUERY PLAN']).join('\n');
  };

  before(async () => {
    const container: ContainerInstance = await testContainer('admin-order-search-spec');
    db = container.get(Database);
    tx = await db.sequelize.transaction();
    await run(
      `INSERT INTO users (id, email, password_hash, full_name, phone)
       SELECT md5('plan-user-' || n)::uuid, 'plan.user' || n || '@example.com', 'x',
              (ARRAY['Sita', 'Ram', 'Gita', 'Hari', 'Maya'])[1 + n % 5] || ' Plan' || n || ' ' || (ARRAY['Shrestha', 'Thapa', 'Karki'])[1 + n % 3],
              '98' || lpad(((n::bigint * 7919) % 100000000)::text, 8, '0')
       FROM generate_series(1, :users) AS g(n)`,
      { users: USERS },
    );
    await run(
      `INSERT INTO orders (order_number, user_id, type, source, status, mrp_total_paisa, subtotal_paisa, total_paisa, created_at, updated_at)
       SELECT 'PLAN-' || upper(substr(md5(n::text), 1, 4)) || upper(to_hex(n)), md5('plan-user-' || (1 + n % :users))::uuid,
              'digital', 'checkout', 'payment_pending', 1000, 1000, 1000,
              timestamptz '2025-01-01' + n * interval '1 minute', timestamptz '2025-01-01' + n * interval '1 minute'
       FROM generate_series(1, :orders) AS g(n)`,
      { users: USERS, orders: ORDERS },
    );
    await run('ANALYZE users');
    await run('ANALYZE orders');
  });

  after(async () => {
    await tx?.rollback();
  });

  const page = (filter: AdminOrderFilter) => adminOrderListQuery(filter, { sort: 'createdAt', order: 'desc', limit: 20, offset: 0 });
  const SEARCHES = ['plan1234 shre', 'PLAN-1A2B', 'plan.user777@', '9812345'];
  const TRIGRAM_SCANS = [
    'Bitmap Index Scan on orders_order_number_trgm',
    'Bitmap Index Scan on users_full_name_trgm',
    'Bitmap Index Scan on users_email_trgm',
    'Bitmap Index Scan on users_phone_trgm',
  ];

  it('reaches the matching orders through orders_order_number_trgm and orders_user_idx, never scanning every order', async () => {
    for (const search of SEARCHES) {
      for (const [name, query] of [
        ['page', page({ search })],
        ['count', adminOrderCountQuery({ search })],
      ] as const) {
        const plan = await explain(query);
        expect(plan, `${name} of "${search}":\n${plan}`).to.include('Bitmap Index Scan on orders_order_number_trgm');
        expect(plan, `${name} of "${search}":\n${plan}`).to.include('Bitmap Index Scan on orders_user_idx');
        expect(plan, `${name} of "${search}":\n${plan}`).to.include('BitmapOr');
        expect(plan, `${name} of "${search}":\n${plan}`).not.to.match(/Seq Scan on orders\b/);
      }
    }
  });

  /**
   * With a test-sized `users` (20,000 rows) a sequential scan of it is genuinely cheaper than some
   * trigram scans, so PostgreSQL is asked not to pick one (at 100,000 customers it picks the
   * indexes by itself; the bench measures that scale). What this proves is the query's shape:
   * each of the four columns can be served by its trigram index. A shape that cannot (one SELECT
   * with the three ORs, or `IN (SELECT ...)` inside the OR) fails this even with seq scans off.
   */
  it('lets every searched column use its trigram index (page and count)', async () => {
    await run('SET LOCAL enable_seqscan = off');
    try {
      for (const search of SEARCHES) {
        for (const [name, query] of [
          ['page', page({ search })],
          ['count', adminOrderCountQuery({ search })],
        ] as const) {
          const plan = await explain(query);
          for (const scan of TRIGRAM_SCANS) expect(plan, `${name} of "${search}":\n${plan}`).to.include(scan);
        }
      }
      const combined = await explain(
        adminOrderListQuery(
          { search: 'plan4321 tha', status: 'payment_pending', paymentStatus: 'pending', orderType: 'digital', paymentMethod: 'online' },
          { sort: 'updatedAt', order: 'asc', limit: 20, offset: 40 },
        ),
      );
      for (const scan of TRIGRAM_SCANS) expect(combined, combined).to.include(scan);
    } finally {
      await run('SET LOCAL enable_seqscan = on');
    }
  });

  it('walks orders_created_idx for an unfiltered page instead of sorting every order', async () => {
    const plan = await explain(page({}));
    expect(plan, plan).to.match(/Index Scan (Backward )?using orders_created_idx on orders/);
    expect(plan, plan).not.to.match(/\bSort\b/);
  });
});
