import { Inject, Service } from 'typedi';
import { QueryTypes, Transaction } from 'sequelize';
import { v7 as uuidv7 } from 'uuid';
import type { AppConfig } from '@platform/config';
import { Database } from '@platform/db';
import { Clock, CONFIG, Page, toPage } from '../../shared';
import { readListQuery, readTransactionBody, readTransactionFilters, TransactionFields, TransactionPatch, validateTransaction } from './input';
import { CompanyReferenceService } from './company-reference.service';
import { PortfolioCache } from './portfolio-cache';
import { PortfolioOwnership } from './portfolio-ownership';
import { pathUuid, PortfolioInputInvalid, SellExceedsHolding, TransactionNotFound } from './portfolio.errors';
import { PositionRebuild, TimelinePoint } from './positions/position-rebuild';
import { Oversold } from './replay';
import { storedFields, TRANSACTION_COLUMNS, TransactionRow, transactionView, TransactionView } from './transaction.views';

const TRANSACTION_SORTS = ['transactedAt', 'createdAt'] as const;
const SORT_COLUMNS = { transactedAt: 't.transacted_at', createdAt: 't.created_at' } as const;

/** The stored columns of each field (values bound in FIELD order). */
const FIELD_COLUMNS: Record<keyof TransactionFields, string> = {
  companyId: 'company_id',
  type: 'type',
  transactedAt: 'transacted_at',
  quantity: 'quantity',
  rate: 'rate',
  amount: 'amount',
  sebonCommission: 'sebon_commission',
  brokerCommission: 'broker_commission',
  dpFee: 'dp_fee',
  netAmount: 'net_amount',
  basePrice: 'base_price',
  term: 'term',
  cgtAmount: 'cgt_amount',
  notes: 'notes',
};
const FIELDS = Object.keys(FIELD_COLUMNS) as Array<keyof TransactionFields>;

/**
 * A portfolio's transactions (market-data.md "Portfolio transaction", "Portfolio endpoints and
 * rules"): add, list, update, delete. Every write locks its portfolio row first, so the writes of
 * one portfolio run one at a time; then it changes the row and replays the positions of the
 * company from the first point the write could change (PositionRebuild). A SELL, or any change,
 * that leaves a SELL holding more than was held at that point is the only 422, and nothing of
 * the write remains.
 */
@Service()
export class PortfolioTransactionsService {
  constructor(
    private readonly db: Database,
    private readonly positions: PositionRebuild,
    private readonly cache: PortfolioCache,
    private readonly ownership: PortfolioOwnership,
    private readonly companies: CompanyReferenceService,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Records a validated transaction (AddPortfolioTransactionUseCase is the add's door); `recorded`
   * runs inside its transaction, so what it stores (an Idempotency-Key's answer) commits with it or
   * its error rolls the transaction back.
   */
  record(customerId: string, portfolioId: string, fields: TransactionFields, recorded?: (view: TransactionView, tx: Transaction) => Promise<void>): Promise<TransactionView> {
    return this.write(customerId, portfolioId, async (tx) => {
      await this.companies.require(fields.companyId, tx);
      const id = uuidv7();
      const [{ sequence }] = await this.select<{ sequence: string }>(
        `INSERT INTO portfolio_transactions (id, portfolio_id, ${FIELDS.map((field) => FIELD_COLUMNS[field]).join(', ')})
         VALUES (:id, :portfolioId, ${FIELDS.map((field) => `:${field}`).join(', ')})
         RETURNING sequence::text AS sequence`,
        { id, portfolioId, ...fields },
        tx,
      );
      await this.rebuild(portfolioId, fields.companyId, { transactedAt: fields.transactedAt, sequence }, tx);
      const view = await this.viewOf(id, tx);
      await recorded?.(view, tx);
      return view;
    });
  }

  async update(customerId: string, rawPortfolioId: string, rawTransactionId: string, body: unknown): Promise<TransactionView> {
    const portfolioId = pathUuid(rawPortfolioId, 'id');
    const id = pathUuid(rawTransactionId, 'txId');
    const read = readTransactionBody(body);
    if (read.problems.length) throw PortfolioInputInvalid(read.problems);
    return this.write(customerId, portfolioId, async (tx) => {
      const stored = await this.liveTransaction(portfolioId, id, tx);
      const fields = this.validated({ ...storedFields(stored), ...(await this.companies.resolve(read, tx)) });
      if (fields.companyId !== stored.companyId) await this.companies.require(fields.companyId, tx);
      await this.select(
        `UPDATE portfolio_transactions SET ${FIELDS.map((field) => `${FIELD_COLUMNS[field]} = :${field}`).join(', ')}, updated_at = now() WHERE id = :id`,
        { id, ...fields },
        tx,
      );
      const before: TimelinePoint = { transactedAt: stored.transactedAt, sequence: stored.sequence };
      const after: TimelinePoint = { transactedAt: fields.transactedAt, sequence: stored.sequence };
      if (fields.companyId === stored.companyId) {
        await this.rebuild(portfolioId, fields.companyId, before.transactedAt < after.transactedAt ? before : after, tx);
      } else {
        await this.rebuild(portfolioId, stored.companyId, before, tx);
        await this.rebuild(portfolioId, fields.companyId, after, tx);
      }
      return this.viewOf(id, tx);
    });
  }

  async remove(customerId: string, rawPortfolioId: string, rawTransactionId: string): Promise<void> {
    const portfolioId = pathUuid(rawPortfolioId, 'id');
    const id = pathUuid(rawTransactionId, 'txId');
    await this.write(customerId, portfolioId, async (tx) => {
      const stored = await this.liveTransaction(portfolioId, id, tx);
      await this.select(`UPDATE portfolio_transactions SET deleted_at = now(), updated_at = now() WHERE id = :id`, { id }, tx);
      await this.rebuild(portfolioId, stored.companyId, { transactedAt: stored.transactedAt, sequence: stored.sequence }, tx);
    });
  }

  /** Live transactions, newest first by default; filters `type` (a list), `from`, `to` (inclusive). */
  async list(customerId: string, rawPortfolioId: string, query: Record<string, unknown>): Promise<Page<TransactionView>> {
    const portfolioId = pathUuid(rawPortfolioId, 'id');
    const read = readListQuery(query, TRANSACTION_SORTS, { sort: 'transactedAt', order: 'desc' });
    const problems = 'problems' in read ? [...read.problems] : [];
    const filters = readTransactionFilters(query, problems);
    if ('problems' in read || problems.length) throw PortfolioInputInvalid(problems);
    const { page, size, sort, order } = read.value;
    await this.ownership.require(customerId, portfolioId);
    const where = [
      't.portfolio_id = :portfolioId AND t.deleted_at IS NULL',
      filters.types && 't.type IN (:types)',
      filters.from && 't.transacted_at >= :from::timestamptz',
      filters.to && 't.transacted_at <= :to::timestamptz',
    ].filter(Boolean);
    const replacements = { portfolioId, ...filters, limit: size, offset: (page - 1) * size };
    const [rows, [{ count }]] = await Promise.all([
      this.select<TransactionRow>(
        `SELECT ${TRANSACTION_COLUMNS} FROM portfolio_transactions t JOIN market_companies c ON c.id = t.company_id
          WHERE ${where.join(' AND ')} ORDER BY ${SORT_COLUMNS[sort]} ${order}, t.sequence ${order} LIMIT :limit OFFSET :offset`,
        replacements,
      ),
      this.select<{ count: string }>(`SELECT count(*) AS count FROM portfolio_transactions t WHERE ${where.join(' AND ')}`, replacements),
    ]);
    return toPage(rows.map(transactionView), Number(count), { page, size, pagination: true });
  }

  /** Runs `change` under the portfolio's lock (404 when the customer has no such live portfolio); its reads are stale after the commit. */
  private write<T>(customerId: string, portfolioId: string, change: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await this.ownership.lock(customerId, portfolioId, tx);
      const result = await change(tx);
      this.cache.invalidateAfter(portfolioId, tx);
      return result;
    });
  }

  private async viewOf(id: string, tx: Transaction): Promise<TransactionView> {
    const [row] = await this.select<TransactionRow>(
      `SELECT ${TRANSACTION_COLUMNS} FROM portfolio_transactions t JOIN market_companies c ON c.id = t.company_id WHERE t.id = :id`,
      { id },
      tx,
    );
    return transactionView(row);
  }

  private async rebuild(portfolioId: string, companyId: string, from: TimelinePoint, tx: Transaction): Promise<void> {
    try {
      await this.positions.from(portfolioId, companyId, from, tx);
    } catch (error) {
      throw error instanceof Oversold ? SellExceedsHolding(error) : error;
    }
  }

  /** A transaction's fields checked as market-data.md says (400 for every problem found). */
  validated(candidate: TransactionPatch): TransactionFields {
    const { shortPercent, longPercent } = { shortPercent: this.config.limits.portfolio.cgtMaxShortPercent, longPercent: this.config.limits.portfolio.cgtMaxLongPercent };
    const result = validateTransaction(candidate, { now: this.clock.now(), cgt: { shortPercent: String(shortPercent), longPercent: String(longPercent) } });
    if ('problems' in result) throw PortfolioInputInvalid(result.problems);
    return result.fields;
  }

  private async liveTransaction(portfolioId: string, id: string, tx: Transaction): Promise<TransactionRow> {
    const [row] = await this.select<TransactionRow>(
      `SELECT ${TRANSACTION_COLUMNS} FROM portfolio_transactions t JOIN market_companies c ON c.id = t.company_id
        WHERE t.id = :id AND t.portfolio_id = :portfolioId AND t.deleted_at IS NULL FOR UPDATE OF t`,
      { id, portfolioId },
      tx,
    );
    if (!row) throw TransactionNotFound();
    return row;
  }

  private select<T extends object>(sql: string, replacements: Record<string, unknown>, transaction?: Transaction): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, transaction, type: QueryTypes.SELECT });
  }
}
