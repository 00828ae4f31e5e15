import { QueryTypes, Transaction } from 'sequelize';
import { Service } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database } from '@platform/db';
import { Page, toPage } from '../../shared';
import { readListQuery, readPortfolioBody } from './input';
import { PortfolioCache } from './portfolio-cache';
import { pathUuid, PortfolioInputInvalid, PortfolioNotFound } from './portfolio.errors';
import { PORTFOLIO_COLUMNS, PortfolioDetailView, PortfolioRow, portfolioView, PortfolioView } from './portfolio.views';

const PORTFOLIO_SORTS = ['createdAt', 'updatedAt', 'name'] as const;
const SORT_COLUMNS: Record<(typeof PORTFOLIO_SORTS)[number], string> = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'lower(name)' };
/** Serialises one customer's portfolio changes (the default flag moves between rows): arbitrary constant. */
const CUSTOMER_LOCK_NAMESPACE = 7_281_010;

/**
 * A customer's portfolios (market-data.md "Portfolio"): create, list, detail, update, delete.
 * Another customer's portfolio is not found. Exactly one live portfolio of a customer is the
 * default: the first one created, or the last one promoted (PATCH isDefault true); deleting the
 * default promotes the oldest one left. Changes of one customer run one at a time (an advisory
 * lock), and migration 0010 refuses any commit that would break the rule.
 */
@Service()
export class PortfoliosService {
  constructor(
    private readonly db: Database,
    private readonly cache: PortfolioCache,
  ) {}

  async create(customerId: string, body: unknown): Promise<PortfolioView> {
    const { values, problems } = readPortfolioBody(body, 'create');
    if (problems.length) throw PortfolioInputInvalid(problems);
    return this.db.transaction(async (tx) => {
      await this.lockCustomer(customerId, tx);
      const [row] = await this.select<PortfolioRow>(
        `INSERT INTO portfolios (id, customer_id, name, description, is_default)
         VALUES (:id, :customerId, :name, :description,
                 NOT EXISTS (SELECT 1 FROM portfolios WHERE customer_id = :customerId AND deleted_at IS NULL))
         RETURNING ${PORTFOLIO_COLUMNS}`,
        { id: uuidv7(), customerId, name: values.name, description: values.description ?? null },
        tx,
      );
      return portfolioView(row);
    });
  }

  async list(customerId: string, query: Record<string, unknown>): Promise<Page<PortfolioView>> {
    const read = readListQuery(query, PORTFOLIO_SORTS, { sort: 'createdAt', order: 'desc' });
    if ('problems' in read) throw PortfolioInputInvalid(read.problems);
    const { page, size, sort, order } = read.value;
    const rows = await this.select<PortfolioRow & { total: string }>(
      `SELECT ${PORTFOLIO_COLUMNS}, count(*) OVER () AS total
         FROM portfolios
        WHERE customer_id = :customerId AND deleted_at IS NULL
        ORDER BY ${SORT_COLUMNS[sort]} ${order}, id ${order}
        LIMIT :limit OFFSET :offset`,
      { customerId, limit: size, offset: (page - 1) * size },
    );
    const count = rows.length ? Number(rows[0].total) : await this.countLive(customerId);
    return toPage(rows.map(portfolioView), count, { page, size, pagination: true });
  }

  /** Every detail read records when it happened (last_fetched_at); the counts are cached for 30 s. */
  async detail(customerId: string, rawId: string): Promise<PortfolioDetailView> {
    const id = pathUuid(rawId, 'id');
    const [row] = await this.select<PortfolioRow>(
      `UPDATE portfolios SET last_fetched_at = now()
        WHERE id = :id AND customer_id = :customerId AND deleted_at IS NULL
        RETURNING ${PORTFOLIO_COLUMNS}`,
      { id, customerId },
    );
    if (!row) throw PortfolioNotFound();
    const counts = await this.cache.read(id, 'detail', 'counts', () => this.countsOf(id));
    return { ...portfolioView(row), ...counts };
  }

  async update(customerId: string, rawId: string, body: unknown): Promise<PortfolioView> {
    const id = pathUuid(rawId, 'id');
    const { values, problems } = readPortfolioBody(body, 'update');
    if (problems.length) throw PortfolioInputInvalid(problems);
    return this.db.transaction(async (tx) => {
      await this.lockCustomer(customerId, tx);
      await this.ownedLive(customerId, id, tx);
      if (values.isDefault) {
        await this.select(`UPDATE portfolios SET is_default = false WHERE customer_id = :customerId AND is_default AND id <> :id`, { customerId, id }, tx);
      }
      const [row] = await this.select<PortfolioRow>(
        `UPDATE portfolios
            SET name = COALESCE(:name, name),
                description = CASE WHEN :describe THEN :description ELSE description END,
                is_default = is_default OR :promote,
                updated_at = now()
          WHERE id = :id
          RETURNING ${PORTFOLIO_COLUMNS}`,
        { id, name: values.name ?? null, describe: 'description' in values, description: values.description ?? null, promote: values.isDefault === true },
        tx,
      );
      this.cache.invalidateAfter(id, tx);
      return portfolioView(row);
    });
  }

  /** Soft-deletes the portfolio and its transactions; a deleted default hands the flag to the oldest portfolio left. */
  async remove(customerId: string, rawId: string): Promise<void> {
    const id = pathUuid(rawId, 'id');
    await this.db.transaction(async (tx) => {
      await this.lockCustomer(customerId, tx);
      const { isDefault } = await this.ownedLive(customerId, id, tx);
      await this.select(`UPDATE portfolios SET deleted_at = now(), is_default = false, updated_at = now() WHERE id = :id`, { id }, tx);
      await this.select(`UPDATE portfolio_transactions SET deleted_at = now(), updated_at = now() WHERE portfolio_id = :id AND deleted_at IS NULL`, { id }, tx);
      await this.select(`DELETE FROM portfolio_holdings WHERE portfolio_id = :id`, { id }, tx);
      if (isDefault) {
        await this.select(
          `UPDATE portfolios SET is_default = true, updated_at = now()
            WHERE id = (SELECT id FROM portfolios WHERE customer_id = :customerId AND deleted_at IS NULL ORDER BY created_at, id LIMIT 1)`,
          { customerId },
          tx,
        );
      }
      this.cache.invalidateAfter(id, tx);
    });
  }

  private async ownedLive(customerId: string, id: string, tx: Transaction): Promise<{ isDefault: boolean }> {
    const [row] = await this.select<{ isDefault: boolean }>(
      `SELECT is_default AS "isDefault" FROM portfolios WHERE id = :id AND customer_id = :customerId AND deleted_at IS NULL FOR UPDATE`,
      { id, customerId },
      tx,
    );
    if (!row) throw PortfolioNotFound();
    return row;
  }

  private async countsOf(id: string): Promise<{ holdingsCount: number; transactionsCount: number }> {
    const [counts] = await this.select<{ holdings: string; transactions: string }>(
      `SELECT count(*) FILTER (WHERE units > 0) AS holdings, COALESCE(sum(transactions), 0) AS transactions FROM portfolio_holdings WHERE portfolio_id = :id`,
      { id },
    );
    return { holdingsCount: Number(counts.holdings), transactionsCount: Number(counts.transactions) };
  }

  private async countLive(customerId: string): Promise<number> {
    const [row] = await this.select<{ count: string }>(`SELECT count(*) AS count FROM portfolios WHERE customer_id = :customerId AND deleted_at IS NULL`, { customerId });
    return Number(row.count);
  }

  private lockCustomer(customerId: string, tx: Transaction) {
    return this.select(`SELECT pg_advisory_xact_lock(:namespace, hashtext(:customerId))`, { namespace: CUSTOMER_LOCK_NAMESPACE, customerId }, tx);
  }

  private select<T extends object>(sql: string, replacements: Record<string, unknown>, transaction?: Transaction): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, transaction, type: QueryTypes.SELECT });
  }
}
