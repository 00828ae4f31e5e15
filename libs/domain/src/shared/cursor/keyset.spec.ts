import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import type { AppConfig } from '@platform/config';
import { Database } from '@platform/db';
import { testContainer } from '@platform/testing';
import { readIdCursorQuery } from '../dto/cursor-query.dto';
import { idCursorPage } from './cursor-page.views';
import { idKeyset, KeysetSql, sortedKeyset } from './keyset';
import { ListCursorsService } from './list-cursors.service';

type PlanNode = { 'Node Type': string; 'Actual Rows'?: number; Plans?: PlanNode[] };
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** Keyset pages on a real table of 100,000 rows: a page deep in the list is an index range scan reading limit + 1 rows. */
describe('keyset pages in PostgreSQL', function () {
  this.timeout(60_000);
  const table = `keyset_spec_${randomBytes(4).toString('hex')}`;
  const cursors = new ListCursorsService({ auth: { jwtSecret: 'a-test-secret-of-some-length' } } as AppConfig);
  let db: Database;

  before(async () => {
    db = (await testContainer('keyset-spec')).get(Database);
    // Three rows per second of created_at, so the sorted pages must break ties by id.
    await db.sequelize.query(`
      CREATE TABLE ${table} (id bigint PRIMARY KEY, created_at timestamptz NOT NULL, title text NOT NULL);
      INSERT INTO ${table} SELECT n, timestamptz '2024-01-01Z' + make_interval(secs => n / 3), 'post ' || n FROM generate_series(1, 100000) n;
      CREATE INDEX ${table}_created_idx ON ${table} (created_at, id);
      ANALYZE ${table};`);
  });

  after(async () => {
    await db.sequelize.query(`DROP TABLE IF EXISTS ${table}`);
  });

  const pageSql = (page: KeysetSql & { select?: string }, extra = 'TRUE', from = table) =>
    `SELECT id, created_at AS "createdAt"${page.select ? `, ${page.select}` : ''} FROM ${from} WHERE ${extra} AND ${page.where} ORDER BY ${page.orderBy} LIMIT ${page.limit}`;
  const select = (sql: string, replacements: Record<string, unknown>) =>
    db.sequelize.query<{ id: string; createdAt: Date; keysetValue: string; keysetId: string }>(sql, { replacements, type: QueryTypes.SELECT });
  const plan = async (sql: string, replacements: Record<string, unknown>) => {
    const [row] = await db.sequelize.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, {
      replacements,
      type: QueryTypes.SELECT,
    });
    return nodes(row['QUERY PLAN'][0].Plan);
  };

  it('answers the spec’s worked example from the database', async () => {
    const pageOf = async (raw: Record<string, unknown>) => {
      const query = readIdCursorQuery(raw);
      const keyset = idKeyset(query, 'id');
      const page = idCursorPage(await select(pageSql(keyset, 'id <= 3'), keyset.replacements), query, (row) => row.id);
      return { ...page, items: page.items.map((row) => row.id) };
    };
    expect(await pageOf({ after_id: '0', limit: '2' })).to.deep.equal({
      items: ['1', '2'], cursor: { next_after_id: '2', next_before_id: '1' }, limit: 2, has_more: true, count: 2,
    });
    expect(await pageOf({ before_id: '4', limit: '2' })).to.deep.equal({
      items: ['3', '2'], cursor: { next_after_id: '3', next_before_id: '2' }, limit: 2, has_more: true, count: 2,
    });
  });

  it('reads a page by id deep in the list with one index scan of limit + 1 rows, no OFFSET', async () => {
    for (const raw of [{ before_id: '50000' }, { after_id: '99000' }, {}]) {
      const keyset = idKeyset(readIdCursorQuery(raw), 'id');
      const sql = pageSql(keyset);
      expect(sql).not.to.match(/offset/i);
      const steps = await plan(sql, keyset.replacements);
      expect(steps.map((step) => step['Node Type']), JSON.stringify(raw)).not.to.include('Seq Scan');
      const scan = steps.find((step) => /Index/.test(step['Node Type']));
      expect(scan?.['Actual Rows'], JSON.stringify(raw)).to.equal(21);
    }
  });

  it('walks a sorted list by next_cursor, each row once, ties broken by id, and a deep page is an index scan', async () => {
    const options = { list: 'posts', sorts: ['createdAt'] as const, defaultSort: 'createdAt' as const, defaultOrder: 'desc' as const };
    const seen: string[] = [];
    let raw: Record<string, unknown> = { limit: '7', order: 'asc' };
    for (let pages = 0; pages < 10; pages++) {
      const query = cursors.read(raw, options);
      const keyset = sortedKeyset(query, { sort: 'created_at', id: 'id', type: 'timestamptz' });
      const rows = await select(pageSql(keyset, 'id <= 50'), keyset.replacements);
      const page = cursors.page(rows, query);
      seen.push(...page.items.map((row) => row.id));
      if (!page.has_more) break;
      raw = { limit: '7', order: 'asc', cursor: (page.cursor as { next_cursor: string }).next_cursor };
    }
    expect(seen).to.deep.equal(Array.from({ length: 50 }, (_, index) => String(index + 1)));

    const deep = cursors.read(
      { cursor: cursors.encode({ list: 'posts', sort: 'createdAt', order: 'desc' }, { value: '2024-01-01T01:00:00.000000Z', id: '10801' }) },
      options,
    );
    const keyset = sortedKeyset(deep, { sort: 'created_at', id: 'id', type: 'timestamptz' });
    const rows = await select(pageSql(keyset), keyset.replacements);
    expect(rows.map((row) => row.id)).to.deep.equal(['10800', ...Array.from({ length: 20 }, (_, index) => String(10799 - index))]);
    const steps = await plan(pageSql(keyset), keyset.replacements);
    expect(steps.map((step) => step['Node Type'])).not.to.include('Seq Scan');
    expect(steps.find((step) => /Index/.test(step['Node Type']))?.['Actual Rows']).to.equal(21);
  });

  it('keeps the microseconds of a timestamptz in the cursor: no row skipped or repeated within one millisecond, either order', async () => {
    const micro = `${table}_us`;
    await db.sequelize.query(`
      CREATE TABLE ${micro} (id bigint PRIMARY KEY, created_at timestamptz NOT NULL);
      INSERT INTO ${micro} VALUES (1, '2024-07-01T10:00:00.123456Z'), (2, '2024-07-01T10:00:00.1233Z'), (3, '2024-07-01T10:00:00.1Z');`);
    try {
      const options = { list: 'micro', sorts: ['createdAt'] as const, defaultSort: 'createdAt' as const, defaultOrder: 'desc' as const };
      const walk = async (order: 'asc' | 'desc') => {
        const seen: string[] = [];
        const positions: string[] = [];
        let raw: Record<string, unknown> = { limit: '1', order };
        for (let pages = 0; pages < 5; pages++) {
          const query = cursors.read(raw, options);
          const keyset = sortedKeyset(query, { sort: 'created_at', id: 'id', type: 'timestamptz' });
          const rows = await select(pageSql(keyset, 'TRUE', micro), keyset.replacements);
          positions.push(...rows.slice(0, 1).map((row) => row.keysetValue));
          const page = cursors.page(rows, query);
          seen.push(...page.items.map((row) => row.id));
          if (!page.has_more) break;
          raw = { limit: '1', order, cursor: (page.cursor as { next_cursor: string }).next_cursor };
        }
        return { seen, positions };
      };
      expect(await walk('desc')).to.deep.equal({
        seen: ['1', '2', '3'],
        positions: ['2024-07-01T10:00:00.123456Z', '2024-07-01T10:00:00.123300Z', '2024-07-01T10:00:00.100000Z'],
      });
      expect((await walk('asc')).seen).to.deep.equal(['3', '2', '1']);
    } finally {
      await db.sequelize.query(`DROP TABLE IF EXISTS ${micro}`);
    }
  });
});
