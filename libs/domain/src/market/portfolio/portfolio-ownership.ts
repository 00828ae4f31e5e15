import { QueryTypes, Transaction } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { PortfolioNotFound } from './portfolio.errors';

/**
 * The one ownership check of the portfolio routes: a portfolio that is not the customer's, or is
 * deleted, is 404 `Portfolio not found` (market-data.md: no 403).
 */
@Service()
export class PortfolioOwnership {
  constructor(private readonly db: Database) {}

  async require(customerId: string, portfolioId: string): Promise<void> {
    await this.find(customerId, portfolioId, '');
  }

  /** The same check, taking the portfolio row's lock: the writes of one portfolio run one at a time. */
  async lock(customerId: string, portfolioId: string, transaction: Transaction): Promise<void> {
    await this.find(customerId, portfolioId, 'FOR UPDATE', transaction);
  }

  private async find(customerId: string, portfolioId: string, lock: '' | 'FOR UPDATE', transaction?: Transaction): Promise<void> {
    const [owned] = await this.db.sequelize.query(
      `SELECT id FROM portfolios WHERE id = :portfolioId AND customer_id = :customerId AND deleted_at IS NULL ${lock}`,
      { replacements: { portfolioId, customerId }, transaction, type: QueryTypes.SELECT },
    );
    if (!owned) throw PortfolioNotFound();
  }
}
